//===- PTOPipeOps.cpp - slot buffers, pipe inits and pipe tile ops -------===//

#include "ptonz/PTOVerify.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringExtras.h"

#include <set>

using namespace mlir;
using namespace ptonz::pto;

//===----------------------------------------------------------------------===//
// `{id = I, split = N}` of tpush/tpop/tfree
//===----------------------------------------------------------------------===//

ParseResult ptonz::pto::parseSplitClause(OpAsmParser &p, IntegerAttr &id,
                                         IntegerAttr &split) {
  Builder &b = p.getBuilder();
  int32_t value;
  if (p.parseLBrace())
    return failure();
  if (succeeded(p.parseOptionalKeyword("id"))) {
    if (p.parseEqual() || p.parseInteger(value) || p.parseComma())
      return failure();
    id = b.getI32IntegerAttr(value);
  }
  int8_t s;
  if (p.parseKeyword("split") || p.parseEqual() || p.parseInteger(s) ||
      p.parseRBrace())
    return failure();
  split = b.getI8IntegerAttr(s);
  return success();
}

void ptonz::pto::printSplitClause(OpAsmPrinter &p, Operation *, IntegerAttr id,
                                  IntegerAttr split) {
  p << '{';
  if (id)
    p << "id = " << id.getInt() << ", ";
  p << "split = " << split.getInt() << '}';
}

//===----------------------------------------------------------------------===//
// Slot buffers and pipe handles
//===----------------------------------------------------------------------===//

LogicalResult ReserveBufferOp::verify() {
  auto func = (*this)->getParentOfType<FunctionOpInterface>();
  if (!func)
    return emitOpError("must be nested under a function");
  if (getSize() <= 0)
    return emitOpError("expects 'size' to be greater than 0");
  AddressSpace loc = getLocation();
  if (loc != AddressSpace::vec && loc != AddressSpace::mat)
    return emitOpError("expects 'location' to be #pto.address_space<vec> or "
                       "#pto.address_space<mat>");
  if (!getAutoAlloc() && !getBaseAttr())
    return emitOpError("expects 'base' when 'auto' is false");
  if (auto base = getBaseAttr(); base && base.getInt() < 0)
    return emitOpError("expects 'base' to be non-negative when present");
  // PTOAS 0.27 takes one reserve_buffer per function; 0.60 several, each
  // with its own name.
  bool since060 = ptoasAtLeast(getContext(), 0, 60);
  unsigned reserves = 0;
  func->walk([&](ReserveBufferOp other) {
    if (!since060 || other.getName() == getName())
      ++reserves;
  });
  if (reserves > 1)
    return emitOpError(
        since060 ? "requires 'name' to be unique within the function"
                 : "expects at most one reserve_buffer in the function");
  // ptoas's PlanMemory (levels 1 and 2) places the reserved region itself.
  if (!getAutoAlloc() && buildLevelOf(getContext()) != BuildLevel::level3)
    return emitOpError(
        "pto.reserve_buffer with explicit 'base' (auto = false) is not "
        "supported "
        "in PlanMemory; use --pto-level=level3 or set auto = true");
  return success();
}

/// The reserve_buffer named `name` in `func`.
static ReserveBufferOp findReserve(Operation *func, StringRef name) {
  ReserveBufferOp found;
  func->walk([&](ReserveBufferOp op) {
    if (op.getName() != name)
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

LogicalResult ImportReservedBufferOp::verify() {
  auto func = (*this)->getParentOfType<FunctionOpInterface>();
  if (!func)
    return emitOpError("must be nested under a function");
  // PTOAS 0.27 takes one import per function; 0.60 several, one per
  // (name, peer_func).
  bool since060 = ptoasAtLeast(getContext(), 0, 60);
  unsigned imports = 0;
  func->walk([&](ImportReservedBufferOp other) {
    if (!since060 || (other.getName() == getName() &&
                      other.getPeerFuncAttr() == getPeerFuncAttr()))
      ++imports;
  });
  if (imports > 1)
    return emitOpError(
        since060
            ? "requires (name, peer_func) to be unique within the function"
            : "expects at most one import_reserved_buffer in the function");
  Operation *peer =
      SymbolTable::lookupNearestSymbolFrom(*this, getPeerFuncAttr());
  if (!peer || !isa<FunctionOpInterface>(peer))
    return emitOpError()
           << "expects 'peer_func' to reference an existing function, got "
           << getPeerFuncAttr();
  if (!findReserve(peer, getName()))
    return emitOpError() << "expects a reserve_buffer named \"" << getName()
                         << "\" in " << getPeerFuncAttr();
  return success();
}

namespace {
/// A pipe's slot buffer: its owner function, its name and the direction it
/// serves (1 cube->vector, 2 vector->cube).
using PeerKey = std::tuple<std::string, std::string, int>;
} // namespace

static std::string symbolOf(Operation *func) {
  auto name = func->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
  return name ? name.str() : std::string();
}

/// The peer key of a pipe init's local address, if it comes from a
/// reserve_buffer or an import_reserved_buffer.
static std::optional<PeerKey> peerKey(Value addr, Operation *func, int dir) {
  if (!addr)
    return std::nullopt;
  if (auto reserve = addr.getDefiningOp<ReserveBufferOp>())
    return PeerKey{symbolOf(func), reserve.getName().str(), dir};
  if (auto import = addr.getDefiningOp<ImportReservedBufferOp>())
    return PeerKey{import.getPeerFunc().str(), import.getName().str(), dir};
  return std::nullopt;
}

/// The (key, init function) pairs of a pipe init.
static SmallVector<std::pair<PeerKey, Operation *>> peerKeys(Operation *init) {
  auto dirMask = init->getAttrOfType<IntegerAttr>("dir_mask").getInt();
  Operation *func = init->getParentOfType<FunctionOpInterface>();
  SmallVector<std::pair<PeerKey, Operation *>> keys;
  if (!func)
    return keys;
  Value local, peer;
  if (auto l2l = dyn_cast<InitializeL2LPipeOp>(init)) {
    local = l2l.getLocalAddr();
    peer = l2l.getPeerLocalAddr();
  } else {
    auto l2g2l = cast<InitializeL2G2LPipeOp>(init);
    local = l2g2l.getLocalAddr();
    peer = l2g2l.getPeerLocalAddr();
  }
  if (auto k = peerKey(local, func, dirMask == 3 ? 1 : dirMask))
    keys.push_back({*k, func});
  if (dirMask == 3 && peer)
    if (auto k = peerKey(peer, func, 2))
      keys.push_back({*k, func});
  return keys;
}

/// What ptoas's ResolveReservedBuffers pass requires of a pipe init whose
/// slots come from a reserved buffer: exactly two inits share the buffer, one
/// in its owner and one in the importing peer.
static LogicalResult verifyPipePeers(Operation *init, bool explicitFlagBase) {
  auto keys = peerKeys(init);
  if (keys.empty()) {
    if (explicitFlagBase)
      return success();
    return init->emitOpError(
        "requires local_addr to come from pto.reserve_buffer or "
        "pto.import_reserved_buffer when 'flag_base' is not explicit");
  }
  auto module = init->getParentOfType<ModuleOp>();
  if (!module)
    return success();
  for (auto &[key, _] : keys) {
    std::set<Operation *> inits;
    std::set<std::string> funcs;
    module->walk([&](Operation *other) {
      if (!isa<InitializeL2LPipeOp, InitializeL2G2LPipeOp>(other))
        return;
      for (auto &[otherKey, otherFunc] : peerKeys(other))
        if (otherKey == key) {
          inits.insert(other);
          funcs.insert(symbolOf(otherFunc));
        }
    });
    std::set<std::string> participants = funcs;
    participants.insert(std::get<0>(key));
    if (inits.size() != 2 || funcs.size() != 2 || participants.size() != 2)
      return init->emitOpError()
             << "requires a complete peer init pair when local_addr comes from "
                "pto.reserve_buffer or pto.import_reserved_buffer (one init in "
                "@"
             << std::get<0>(key) << ", which reserves \"" << std::get<1>(key)
             << "\", and one in the function importing it)";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Split usage of a logical pipe (ptoas's InferValidatePipeInit): the inits
// that share a reserved slot buffer form one logical pipe, whose tpush/tpop/
// tfree users must agree on splitting (split = 0 means "no split") and with
// an explicit `nosplit`.
//===----------------------------------------------------------------------===//

namespace {
enum class SplitUsage { unknown, split, noSplit, mixed };

struct PipeInit {
  Operation *op;
  SmallVector<PeerKey, 2> keys;
  SplitUsage usage = SplitUsage::unknown;
  std::optional<bool> explicitNoSplit;
};
} // namespace

static void addSplit(SplitUsage &usage, int64_t split) {
  SplitUsage seen = split == 0 ? SplitUsage::noSplit : SplitUsage::split;
  if (usage == SplitUsage::unknown)
    usage = seen;
  else if (usage != seen)
    usage = SplitUsage::mixed;
}

/// A frontend init's pipes and users (as ptoas lowers them): direction 1 uses
/// the c2v buffer, direction 2 the v2c buffer, both (3) one pipe over both.
template <typename InitOp> static PipeInit frontendInit(InitOp init) {
  PipeInit info{init, {}, SplitUsage::unknown, std::nullopt};
  if (auto ns = init.getNosplitAttr())
    info.explicitNoSplit = ns.getValue();
  Operation *func = init->template getParentOfType<FunctionOpInterface>();
  if (!func)
    return info;
  int dir = init.getDirMask();
  if (dir == 1 || dir == 3)
    if (auto k = peerKey(init.getC2vConsumerBuf(), func, 1))
      info.keys.push_back(*k);
  if (dir == 2 || dir == 3)
    if (auto k = peerKey(init.getV2cConsumerBuf(), func, 2))
      info.keys.push_back(*k);
  func->walk([&](Operation *op) {
    bool c2v = isa<TPushToAivOp, TPopFromAicOp, TFreeFromAicOp>(op);
    bool v2c = isa<TPushToAicOp, TPopFromAivOp, TFreeFromAivOp>(op);
    if ((c2v && (dir == 1 || dir == 3)) || (v2c && (dir == 2 || dir == 3)))
      addSplit(info.usage, op->getAttrOfType<IntegerAttr>("split").getInt());
  });
  return info;
}

template <typename InitOp> static PipeInit handleInit(InitOp init) {
  PipeInit info{init, {}, SplitUsage::unknown, std::nullopt};
  if (auto ns = init.getNosplitAttr())
    info.explicitNoSplit = ns.getValue();
  for (auto &[key, _] : peerKeys(init))
    info.keys.push_back(key);
  for (Operation *user : init.getPipe().getUsers())
    if (isa<TPushOp, TPopOp, TFreeOp>(user))
      addSplit(info.usage, user->getAttrOfType<IntegerAttr>("split").getInt());
  return info;
}

/// The inits of `op`'s logical pipe (those sharing a slot buffer with it,
/// transitively), in module order.
static SmallVector<PipeInit> logicalPipe(Operation *op) {
  SmallVector<PipeInit> all;
  auto module = op->getParentOfType<ModuleOp>();
  Operation *root = module ? module.getOperation() : op->getParentOp();
  root->walk([&](Operation *o) {
    if (auto i = dyn_cast<AicInitializePipeOp>(o))
      all.push_back(frontendInit(i));
    else if (auto i = dyn_cast<AivInitializePipeOp>(o))
      all.push_back(frontendInit(i));
    else if (auto i = dyn_cast<InitializeL2LPipeOp>(o))
      all.push_back(handleInit(i));
    else if (auto i = dyn_cast<InitializeL2G2LPipeOp>(o))
      all.push_back(handleInit(i));
  });
  SmallVector<bool> in(all.size(), false);
  for (auto [i, init] : llvm::enumerate(all))
    in[i] = init.op == op;
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t i = 0; i < all.size(); ++i)
      for (size_t j = 0; j < all.size(); ++j)
        if (in[i] && !in[j] && llvm::any_of(all[i].keys, [&](const PeerKey &k) {
              return llvm::is_contained(all[j].keys, k);
            }))
          in[j] = grew = true;
  }
  SmallVector<PipeInit> pipe;
  for (auto [i, init] : llvm::enumerate(all))
    if (in[i])
      pipe.push_back(init);
  return pipe;
}

/// Rejects at `op` what ptoas rejects of its logical pipe, at the init ptoas
/// names: the one whose usage or `nosplit` first contradicts the others.
static LogicalResult verifySplitUsage(Operation *op) {
  SmallVector<PipeInit> pipe = logicalPipe(op);
  std::optional<bool> explicitNoSplit, inferred;
  for (const PipeInit &init : pipe) {
    if (init.usage == SplitUsage::mixed) {
      if (init.op == op)
        return op->emitOpError(
            "cannot mix 'split = 0' with 'split = 1' or 'split = 2' on the "
            "same logical pipe");
      return success();
    }
  }
  for (const PipeInit &init : pipe) {
    if (!init.explicitNoSplit)
      continue;
    if (explicitNoSplit && *explicitNoSplit != *init.explicitNoSplit) {
      if (init.op == op)
        return op->emitOpError(
            "conflicting explicit 'nosplit' across peer pipe init ops");
      return success();
    }
    explicitNoSplit = init.explicitNoSplit;
  }
  for (const PipeInit &init : pipe) {
    if (init.usage == SplitUsage::unknown)
      continue;
    bool noSplit = init.usage == SplitUsage::noSplit;
    if (inferred && *inferred != noSplit) {
      if (init.op == op)
        return op->emitOpError(
            "conflicting pipe split usage across peer pipe init ops: the "
            "tpush/tpop/tfree ops of one logical pipe must all use split = "
            "0, or all split = 1 or 2");
      return success();
    }
    inferred = noSplit;
  }
  if (!explicitNoSplit || !inferred || *explicitNoSplit == *inferred)
    return success();
  for (const PipeInit &init : pipe)
    if (init.op == op && init.explicitNoSplit &&
        *init.explicitNoSplit != *inferred)
      return op->emitOpError()
             << "explicit 'nosplit = "
             << (*init.explicitNoSplit ? "true" : "false")
             << "' conflicts with downstream users that require "
             << (*inferred ? "split = 0" : "split = 1 or split = 2");
  return success();
}

static LogicalResult verifyPipeShape(Operation *op, int8_t dirMask,
                                     int32_t slotSize, int32_t slotNum,
                                     IntegerAttr flagBase, bool hasPeerAddr) {
  if (dirMask != 1 && dirMask != 2 && dirMask != 3)
    return op->emitOpError()
           << "expects 'dir_mask' to be 1, 2, or 3, got " << int(dirMask);
  if (slotSize <= 0)
    return op->emitOpError("expects 'slot_size' to be greater than 0");
  // PTOAS 0.60 takes any positive slot count; 0.27 four or eight.
  if (ptoasAtLeast(op->getContext(), 0, 60)) {
    if (slotNum <= 0)
      return op->emitOpError()
             << "expects 'slot_num' to be greater than 0, got " << slotNum;
  } else if (slotNum != 4 && slotNum != 8) {
    return op->emitOpError()
           << "expects 'slot_num' to be 4 or 8, got " << slotNum;
  }
  if (flagBase && flagBase.getInt() < 0)
    return op->emitOpError(
        "expects 'flag_base' to be non-negative when present");
  if (dirMask == 3 && !hasPeerAddr)
    return op->emitOpError("expects 'peer_local_addr' when dir_mask is 3");
  if (dirMask != 3 && hasPeerAddr)
    return op->emitOpError(
        "'peer_local_addr' is only allowed when dir_mask is 3");
  return success();
}

/// The braces and operands of initialize_l2g2l_pipe / initialize_l2l_pipe:
/// `clauses` are the optional clauses in PTOAS's order; `operands` the
/// operand names, the first required. Sets the attributes by name.
static ParseResult parsePipeHandleInit(OpAsmParser &p, OperationState &state,
                                       ArrayRef<StringRef> clauses,
                                       bool attrSizedOperands) {
  Builder &b = p.getBuilder();
  auto parseClause = [&](StringRef name, Type type) -> ParseResult {
    Attribute value;
    if (p.parseKeyword(name) || p.parseEqual() || p.parseAttribute(value, type))
      return failure();
    state.addAttribute(name, value);
    return success();
  };
  if (p.parseLBrace() || parseClause("dir_mask", b.getI8Type()) ||
      p.parseComma() || parseClause("slot_size", b.getI32Type()) ||
      p.parseComma() || parseClause("slot_num", b.getI32Type()))
    return failure();
  // The optional clauses in order, as PTOAS's format reads them: the k-th
  // `,` starts the k-th clause (none can be skipped inside the braces).
  for (size_t next = 0; succeeded(p.parseOptionalComma()); ++next) {
    SMLoc at = p.getCurrentLocation();
    StringRef name;
    if (next >= clauses.size() || p.parseOptionalKeyword(&name) ||
        name != clauses[next])
      return p.emitError(at)
             << "expected "
             << (next < clauses.size() ? "'" + clauses[next].str() + "'"
                                       : std::string("'}'"))
             << " (PTOAS reads the optional clauses "
             << llvm::join(clauses, ", ")
             << " in this order; give one after a skipped clause in the "
                "attribute dictionary after the operands, `) {name = v : "
                "i32} ->`)";
    Attribute value;
    if (p.parseEqual() ||
        p.parseAttribute(value, name == "nosplit" ? Type() : b.getI32Type()))
      return failure();
    state.addAttribute(name, value);
  }
  SmallVector<OpAsmParser::UnresolvedOperand, 3> operands;
  SmallVector<Type, 3> types;
  SMLoc at = p.getCurrentLocation();
  if (p.parseRBrace() || p.parseLParen())
    return failure();
  do {
    operands.emplace_back();
    types.emplace_back();
    if (p.parseOperand(operands.back()) || p.parseColonType(types.back()))
      return failure();
  } while (succeeded(p.parseOptionalComma()));
  Type pipe;
  if (p.parseRParen() || p.parseOptionalAttrDict(state.attributes) ||
      p.parseArrow() || p.parseType(pipe) ||
      p.resolveOperands(operands, types, at, state.operands))
    return failure();
  size_t maxOperands = attrSizedOperands ? 3 : 2;
  if (operands.size() > maxOperands)
    return p.emitError(at) << "expected at most " << maxOperands << " operands";
  if (attrSizedOperands) {
    int32_t n = operands.size();
    state.addAttribute("operandSegmentSizes",
                       b.getDenseI32ArrayAttr({1, n > 1, n > 2}));
  }
  state.addTypes(pipe);
  return success();
}

static void printPipeHandleInit(OpAsmPrinter &p, Operation *op,
                                ArrayRef<StringRef> clauses) {
  auto integer = [&](StringRef name) {
    return op->getAttrOfType<IntegerAttr>(name).getInt();
  };
  // As the declarative format printed it: `{` right after the name.
  p << "{dir_mask = " << integer("dir_mask")
    << ", slot_size = " << integer("slot_size")
    << ", slot_num = " << integer("slot_num");
  SmallVector<StringRef, 6> elided{"dir_mask", "slot_size", "slot_num",
                                   "operandSegmentSizes"};
  for (StringRef name : clauses) {
    Attribute value = op->getAttr(name);
    if (!value)
      break;
    p << ", " << name << " = ";
    if (auto i = dyn_cast<IntegerAttr>(value); i && !i.getType().isInteger(1))
      p << i.getInt();
    else
      p.printAttribute(value);
    elided.push_back(name);
  }
  p << "} (";
  llvm::interleaveComma(op->getOperands(), p,
                        [&](Value v) { p << v << " : " << v.getType(); });
  p << ')';
  p.printOptionalAttrDict(op->getAttrs(), elided);
  p << " -> " << op->getResult(0).getType();
}

ParseResult InitializeL2G2LPipeOp::parse(OpAsmParser &p,
                                         OperationState &state) {
  return parsePipeHandleInit(p, state,
                             {"local_slot_num", "flag_base", "nosplit"},
                             /*attrSizedOperands=*/true);
}
void InitializeL2G2LPipeOp::print(OpAsmPrinter &p) {
  printPipeHandleInit(p, *this, {"local_slot_num", "flag_base", "nosplit"});
}
ParseResult InitializeL2LPipeOp::parse(OpAsmParser &p, OperationState &state) {
  return parsePipeHandleInit(p, state, {"flag_base", "nosplit"},
                             /*attrSizedOperands=*/false);
}
void InitializeL2LPipeOp::print(OpAsmPrinter &p) {
  printPipeHandleInit(p, *this, {"flag_base", "nosplit"});
}

LogicalResult InitializeL2G2LPipeOp::verify() {
  // PTOAS 0.60: without a local_addr the slots stay in GM (no local
  // consumer buffer, so no local_slot_num and no peer).
  if (!getLocalAddr()) {
    if (!ptoasAtLeast(getContext(), 0, 60))
      return emitOpError("expects a local_addr operand (PTOAS < 0.60 has no "
                         "GM-only l2g2l pipe)");
    if (getPeerLocalAddr())
      return emitOpError("'peer_local_addr' requires 'local_addr'");
    if (getLocalSlotNumAttr())
      return emitOpError(
          "'local_slot_num' is only allowed when 'local_addr' is present");
  }
  if (failed(verifyPipeShape(*this, getDirMask(), getSlotSize(), getSlotNum(),
                             getFlagBaseAttr(), bool(getPeerLocalAddr()))))
    return failure();
  if (auto local = getLocalSlotNumAttr()) {
    if (local.getInt() <= 0)
      return emitOpError("expects 'local_slot_num' to be greater than 0");
    if (local.getInt() > getSlotNum())
      return emitOpError(
          "expects 'local_slot_num' to be less than or equal to slot_num");
  }
  if (failed(verifyPipePeers(*this, bool(getFlagBaseAttr()))))
    return failure();
  return verifySplitUsage(*this);
}

LogicalResult InitializeL2LPipeOp::verify() {
  if (failed(verifyPipeShape(*this, getDirMask(), getSlotSize(), getSlotNum(),
                             getFlagBaseAttr(), bool(getPeerLocalAddr()))))
    return failure();
  if (failed(verifyPipePeers(*this, bool(getFlagBaseAttr()))))
    return failure();
  return verifySplitUsage(*this);
}

LogicalResult ptonz::pto::verifyFrontendPipeSplits(Operation *init) {
  return verifySplitUsage(init);
}

//===----------------------------------------------------------------------===//
// aic/aiv_initialize_pipe:
//   {id = 1, dir_mask = 1, slot_size = 1024, slot_num = 8, local_slot_num = 2,
//    nosplit = true, acc_push_epilogue = #pto.acc_push_epilogue<...>}
//   (gm_slot_buffer = %g : !pto.ptr<f32>, gm_slot_tensor = %t :
//   !pto.tensor_view<...>,
//    c2v_consumer_buf = %c : i32, v2c_consumer_buf = %v : i32) {attrs}
// Clauses and operands in any order (PTOAS 0.60); 0.27 writes a subset in
// this order.
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kPipeClauses[] = {
    "id",      "dir_mask",         "slot_size", "slot_num", "local_slot_num",
    "nosplit", "acc_push_epilogue"};
static constexpr llvm::StringLiteral kPipeOperands[] = {
    "gm_slot_buffer", "gm_slot_tensor", "c2v_consumer_buf", "v2c_consumer_buf"};

ParseResult ptonz::pto::parseFrontendPipeInit(OpAsmParser &p,
                                              OperationState &state) {
  Builder &b = p.getBuilder();
  NamedAttrList clauses;
  if (p.parseLBrace())
    return failure();
  if (failed(p.parseOptionalRBrace())) {
    do {
      StringRef key;
      SMLoc at = p.getCurrentLocation();
      if (p.parseKeyword(&key) || p.parseEqual())
        return failure();
      if (!llvm::is_contained(kPipeClauses, key))
        return p.emitError(at)
               << "unexpected keyword '" << key
               << "' (the clauses are id, "
                  "dir_mask, slot_size, slot_num, local_slot_num, nosplit, "
                  "acc_push_epilogue)";
      if (clauses.get(key))
        return p.emitError(at) << "duplicate '" << key << "' clause";
      Attribute value;
      if (key == "nosplit" || key == "acc_push_epilogue") {
        if (p.parseAttribute(value))
          return failure();
        if (key == "nosplit" && !isa<BoolAttr>(value))
          return p.emitError(at) << "'nosplit' must be true or false";
      } else {
        IntegerAttr i;
        if (p.parseAttribute(i, key == "dir_mask" ? b.getI8Type()
                                                  : b.getI32Type()))
          return failure();
        value = i;
      }
      clauses.set(key, value);
    } while (succeeded(p.parseOptionalComma()));
    if (p.parseRBrace())
      return failure();
  }
  if (!clauses.get("dir_mask"))
    return p.emitError(p.getNameLoc(), "expected 'dir_mask' clause");
  if (!clauses.get("slot_size"))
    return p.emitError(p.getNameLoc(), "expected 'slot_size' clause");
  state.addAttributes(clauses);

  OpAsmParser::UnresolvedOperand operands[4];
  Type types[4];
  bool given[4] = {false, false, false, false};
  if (succeeded(p.parseOptionalLParen()) && failed(p.parseOptionalRParen())) {
    do {
      StringRef key;
      SMLoc at = p.getCurrentLocation();
      if (p.parseKeyword(&key) || p.parseEqual())
        return failure();
      const auto *it = llvm::find(kPipeOperands, key);
      if (it == std::end(kPipeOperands))
        return p.emitError(at)
               << "unexpected initialize_pipe operand '" << key
               << "' (the operands are gm_slot_buffer, gm_slot_tensor, "
                  "c2v_consumer_buf, v2c_consumer_buf)";
      size_t i = it - std::begin(kPipeOperands);
      if (given[i])
        return p.emitError(at) << "duplicate '" << key << "' operand";
      if (p.parseOperand(operands[i]) || p.parseColonType(types[i]))
        return failure();
      given[i] = true;
    } while (succeeded(p.parseOptionalComma()));
    if (p.parseRParen())
      return failure();
  }
  if (p.parseOptionalAttrDict(state.attributes))
    return failure();
  SmallVector<int32_t> segments;
  for (int i = 0; i < 4; ++i) {
    segments.push_back(given[i]);
    if (given[i] && p.resolveOperand(operands[i], types[i], state.operands))
      return failure();
  }
  state.addAttribute("operandSegmentSizes", b.getDenseI32ArrayAttr(segments));
  return success();
}

void ptonz::pto::printFrontendPipeInit(Operation *op, OpAsmPrinter &p) {
  p << " {";
  bool first = true;
  for (StringRef key : kPipeClauses) {
    Attribute value = op->getAttr(key);
    if (!value)
      continue;
    p << (first ? "" : ", ") << key << " = ";
    first = false;
    if (auto i = dyn_cast<IntegerAttr>(value); i && key != "nosplit")
      p << i.getInt();
    else
      p.printAttribute(value);
  }
  p << "} (";
  auto segments = op->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  unsigned next = 0;
  first = true;
  for (auto [i, key] : llvm::enumerate(kPipeOperands)) {
    if (!segments || segments[i] == 0)
      continue;
    Value v = op->getOperand(next++);
    p << (first ? "" : ", ") << key << " = " << v << " : " << v.getType();
    first = false;
  }
  p << ')';
  SmallVector<StringRef> elided{"operandSegmentSizes"};
  for (StringRef key : kPipeClauses)
    elided.push_back(key);
  p.printOptionalAttrDict(op->getAttrs(), elided);
}

//===----------------------------------------------------------------------===//
// Frontend pipes: kernel kinds, splits, push/pop/free
//===----------------------------------------------------------------------===//

/// The kernel kind of the function around `op` (its `pto.kernel_kind`).
static std::optional<KernelKind> kernelKindOf(Operation *op) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  if (!func)
    return std::nullopt;
  if (auto kind = func->getAttrOfType<KernelKindAttr>("pto.kernel_kind"))
    return kind.getValue();
  return std::nullopt;
}

static LogicalResult requireKernel(Operation *op, KernelKind kernel) {
  if (kernelKindOf(op) == kernel)
    return success();
  return op->emitOpError()
         << "must be inside a " << stringifyKernelKind(kernel)
         << " kernel function (pto.kernel_kind = #pto.kernel_kind<"
         << stringifyKernelKind(kernel) << ">)";
}

static LogicalResult requireSplit(Operation *op, int64_t split) {
  if (split < 0 || split > 2)
    return op->emitOpError()
           << "expects 'split' to be 0, 1, or 2, got " << split;
  return success();
}

LogicalResult ptonz::pto::verifyFrontendPipeInit(Operation *op,
                                                 KernelKind kernel,
                                                 int8_t dirMask,
                                                 int32_t slotSize) {
  if (failed(requireKernel(op, kernel)))
    return failure();
  // One init per `id` (0 when absent, so one per function before PTOAS 0.60,
  // which has no id).
  auto idOf = [](Operation *o) {
    auto id = o->getAttrOfType<IntegerAttr>("id");
    return id ? id.getInt() : 0;
  };
  if (idOf(op) < 0)
    return op->emitOpError("expects 'id' to be non-negative");
  unsigned inits = 0;
  op->getParentOfType<FunctionOpInterface>()->walk([&](Operation *o) {
    if (isa<AicInitializePipeOp, AivInitializePipeOp>(o) && idOf(o) == idOf(op))
      ++inits;
  });
  if (inits > 1)
    return op->emitOpError(
        "requires at most one matching initialize_pipe op per function "
        "and 'id'");
  if (dirMask != 1 && dirMask != 2 && dirMask != 3)
    return op->emitOpError()
           << "expects 'dir_mask' to be 1, 2, or 3, got " << int(dirMask);
  if (slotSize <= 0)
    return op->emitOpError("expects 'slot_size' to be greater than 0");
  // PTOAS 0.60's slot counts: slot_num (default 4 slots per direction when
  // both directions share the pipe, else 8) and the A2/A3 local_slot_num, at
  // most slot_num of them in the consumer's local buffer.
  int64_t slotNum = dirMask == 3 ? 4 : 8;
  if (auto n = op->getAttrOfType<IntegerAttr>("slot_num")) {
    slotNum = n.getInt();
    if (slotNum <= 0)
      return op->emitOpError()
             << "expects 'slot_num' to be greater than 0, got " << slotNum;
  }
  if (auto local = op->getAttrOfType<IntegerAttr>("local_slot_num")) {
    if (targetArchOf(op) == TargetArch::a5)
      return op->emitOpError(
          "'local_slot_num' is only supported for a2/a3 frontend pipe "
          "lowering (A5 pipes have no local slot count; drop it)");
    if (local.getInt() <= 0)
      return op->emitOpError()
             << "expects 'local_slot_num' to be greater than 0, got "
             << local.getInt();
    if (local.getInt() > slotNum)
      return op->emitOpError()
             << "expects 'local_slot_num' to be less than or equal to "
                "slot_num ("
             << slotNum << ") for dir_mask = " << int(dirMask) << ", got "
             << local.getInt();
  }
  // Operands 0..3: gm_slot_buffer, gm_slot_tensor, c2v, v2c (each optional).
  auto segments = op->getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  auto has = [&](int i) { return !segments || segments[i] != 0; };
  if (has(0) && has(1))
    return op->emitOpError(
        "'gm_slot_tensor' cannot be combined with 'gm_slot_buffer'");
  bool c2v = has(2), v2c = has(3);
  if (!has(1)) {
    if (!c2v && !v2c)
      return op->emitOpError(
          "expects local pipe init to provide at least one consumer buffer "
          "operand; use 'gm_slot_tensor' for globaltensor pipe entries");
    if (dirMask == 1 && !c2v)
      return op->emitOpError("expects 'c2v_consumer_buf' when dir_mask is 1");
    if (dirMask == 2 && !v2c)
      return op->emitOpError("expects 'v2c_consumer_buf' when dir_mask is 2");
    if (dirMask == 3 && (!c2v || !v2c))
      return op->emitOpError("expects both 'c2v_consumer_buf' and "
                             "'v2c_consumer_buf' when dir_mask is 3");
  }
  // A2/A3 move pipe slots through GM (ptoas lowers to initialize_l2g2l_pipe).
  if (!has(0) && !has(1) && targetArchOf(op) == TargetArch::a3)
    return op->emitOpError(
        "requires 'gm_slot_buffer' on A2/A3 targets, where the pipe's "
        "slots go through GM (A5 pipes are local-to-local)");
  return verifyFrontendPipeSplits(op);
}

LogicalResult ptonz::pto::verifyFrontendSplit(Operation *op, KernelKind kernel,
                                              int64_t split) {
  if (failed(requireKernel(op, kernel)))
    return failure();
  return requireSplit(op, split);
}

LogicalResult ptonz::pto::verifyPopFrom(Operation *op, KernelKind kernel,
                                        Value validRow, Value validCol,
                                        Value tile, int64_t split) {
  if (failed(verifyFrontendSplit(op, kernel, split)))
    return failure();
  if (bool(validRow) != bool(validCol))
    return op->emitOpError(
        "expects valid_row and valid_col operands to be provided together");
  if (!validRow)
    return success();
  auto buf = dyn_cast<TileBufType>(tile.getType());
  if (!buf)
    return op->emitOpError(
        "expects the popped tile to be a !pto.tile_buf when valid_row/"
        "valid_col are given");
  if (isStatic(buf.getValidRow()) || isStatic(buf.getValidCol()))
    return op->emitOpError(
        "expects tile result to have dynamic validShape (?, ?) when "
        "valid_row/valid_col operands are provided (write valid=?x?)");
  return success();
}

LogicalResult ptonz::pto::verifyAivSubblockId(Operation *op, Value subblockId,
                                              int64_t split, Type entry) {
  if (!subblockId)
    return success();
  if (!ptoasAtLeast(op->getContext(), 0, 60))
    return op->emitOpError("takes 'aiv_subblockid' from PTOAS 0.60 on");
  if (split == 0)
    return op->emitOpError(
        "expects 'aiv_subblockid' only when 'split' is 1, 2, 3, or 4");
  if (isa<TensorViewType>(entry))
    return op->emitOpError(
        "does not support 'aiv_subblockid' for !pto.tensor_view pipe entries");
  auto view = tileView(entry);
  if (!view || view->space != AddressSpace::vec)
    return op->emitOpError(
        "expects 'aiv_subblockid' only on AIV-side vector tile pipe entries");
  return success();
}

//===----------------------------------------------------------------------===//
// tfree: `(%pipe : !pto.pipe) {split = N}` or, PTOAS 0.60,
// `(%entry, %pipe : T, !pto.pipe) {split = N}`
//===----------------------------------------------------------------------===//

ParseResult TFreeOp::parse(OpAsmParser &p, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand, 2> values;
  SmallVector<Type, 2> types;
  SMLoc at = p.getCurrentLocation();
  if (p.parseLParen() || p.parseOperandList(values) ||
      p.parseColonTypeList(types) || p.parseRParen())
    return failure();
  if (values.empty() || values.size() > 2 || types.size() != values.size())
    return p.emitError(at, "tfree expects (%pipe : !pto.pipe) or (%entry, "
                           "%pipe : T, !pto.pipe)");
  IntegerAttr id, split;
  if (parseSplitClause(p, id, split))
    return failure();
  if (id)
    return p.emitError(at, "tfree takes no 'id'");
  result.getOrAddProperties<Properties>().split = split;
  return failure(p.parseOptionalAttrDict(result.attributes) ||
                 p.resolveOperands(values, types, at, result.operands));
}

void TFreeOp::print(OpAsmPrinter &p) {
  p << '(';
  if (getEntry())
    p << getEntry() << ", ";
  p << getPipeHandle() << " : ";
  if (getEntry())
    p << getEntry().getType() << ", ";
  p << getPipeHandle().getType() << ") ";
  printSplitClause(p, *this, {}, getSplitAttr());
  p.printOptionalAttrDict((*this)->getAttrs(), {"split"});
}

LogicalResult TFreeOp::verify() {
  if (getEntry() && !ptoasAtLeast(getContext(), 0, 60))
    return emitOpError("takes the freed entry from PTOAS 0.60 on (write "
                       "`(%pipe : !pto.pipe)`)");
  return verifyPipeUse(*this, PipeRole::free, getEntry(), getPipeHandle(),
                       getSplit());
}

LogicalResult ptonz::pto::verifyPipeUse(Operation *op, PipeRole role,
                                        Value tile, Value pipe, int64_t split) {
  bool inSection = op->getParentOfType<SectionCubeOp>() ||
                   op->getParentOfType<SectionVectorOp>();
  if (!inSection && !kernelKindOf(op))
    return op->emitOpError(
        "must be inside pto.section.cube/vector or a kernel_kind function");
  if (!pipe.getDefiningOp<InitializeL2LPipeOp>() &&
      !pipe.getDefiningOp<InitializeL2G2LPipeOp>())
    return op->emitOpError(
        "pipe_handle must be produced by pto.initialize_l2l_pipe or "
        "pto.initialize_l2g2l_pipe");
  if (failed(requireSplit(op, split)))
    return failure();
  if (!tile)
    return success();
  // PTOAS 0.60 pipes GM slots as tensor views (an l2g2l pipe over a
  // tensor_view gm_addr).
  if (isa<TensorViewType, PartitionTensorViewType>(tile.getType())) {
    if (!ptoasAtLeast(op->getContext(), 0, 60))
      return op->emitOpError("takes a tensor view entry from PTOAS 0.60 on");
    return success();
  }
  auto view = tileView(tile.getType());
  std::optional<AddressSpace> space = view ? view->space : std::nullopt;
  if (role == PipeRole::push && space != AddressSpace::acc &&
      space != AddressSpace::vec)
    return op->emitOpError("expects the pushed tile in the acc or vec buffer");
  if (role == PipeRole::pop && space != AddressSpace::vec &&
      space != AddressSpace::mat)
    return op->emitOpError("expects the popped tile in the vec or mat buffer");
  return success();
}

//===----------------------------------------------------------------------===//
// Fixpipe pushes (PTOAS 0.60's acc_push_epilogue)
//===----------------------------------------------------------------------===//

LogicalResult ptonz::pto::verifyFixpipePush(Operation *op, Value tile,
                                            int64_t split) {
  if (!ptoasAtLeast(op->getContext(), 0, 60))
    return success();
  auto idOf = [](Operation *o) {
    auto id = o->getAttrOfType<IntegerAttr>("id");
    return id ? id.getInt() : 0;
  };
  int64_t id = idOf(op);
  AccPushEpilogueAttr epilogue;
  if (auto fn = op->getParentOfType<FunctionOpInterface>())
    fn->walk([&](AicInitializePipeOp init) {
      if (idOf(init) == id)
        epilogue = dyn_cast_or_null<AccPushEpilogueAttr>(
            init->getAttr("acc_push_epilogue"));
    });
  if (!epilogue)
    return success(); // a plain pipe
  auto buf = dyn_cast<TileBufType>(tile.getType());
  if (!buf || buf.getLoc() != AddressSpace::acc)
    return op->emitOpError("expects fixpipe TPUSH source tile to use loc=acc "
                           "(its pipe's init has an acc_push_epilogue)");
  if (split != 0)
    return op->emitOpError("expects fixpipe TPUSH to have split = 0");
  using Q = FixpipeQuant;
  Q q = epilogue.getQuant();
  Type e = buf.getElementType();
  bool fromI32 = q == Q::req8_scalar || q == Q::req8_vec ||
                 q == Q::deqf16_scalar || q == Q::deqf16_vec ||
                 q == Q::qs322bf16_pre_scalar || q == Q::qs322bf16_pre_vec;
  bool ok = q == Q::no_convert ? (e.isF32() || e.isInteger(32))
            : fromI32          ? e.isInteger(32)
                               : e.isF32();
  if (!ok)
    return op->emitOpError()
           << "expects fixpipe TPUSH source element type to match "
              "acc_push_epilogue.quant mode requirements ("
           << stringifyFixpipeQuant(q) << " reads "
           << (q == Q::no_convert ? "f32 or i32"
               : fromI32          ? "i32"
                                  : "f32")
           << "), got " << e;
  bool vector = q == Q::deqf16_vec || q == Q::req8_vec ||
                q == Q::qf322b8_pre_vec || q == Q::qs322bf16_pre_vec;
  bool scalar =
      !vector && q != Q::no_convert && q != Q::f32_f16 && q != Q::f32_bf16;
  if (!vector && !scalar)
    return success();
  for (Operation &before : *op->getBlock()) {
    if (&before == op)
      break;
    if ((scalar && isa<SetQuantScalarOp>(before)) ||
        (vector && isa<SetQuantVectorOp>(before)))
      if (idOf(&before) == id)
        return success();
  }
  return op->emitOpError() << "expects a preceding pto."
                           << (scalar ? "set_quant_scalar" : "set_quant_vector")
                           << " with id = " << id << " in the same block (the "
                           << stringifyFixpipeQuant(q)
                           << " quantization reads its parameter)";
}

LogicalResult ptonz::pto::verifyQuantVectorPayload(Operation *op, Value tile) {
  auto buf = dyn_cast<TileBufType>(tile.getType());
  if (!buf)
    return op->emitOpError("expects 'scaling_tile' to be a tile type");
  if (buf.getLoc() != AddressSpace::scaling)
    return op->emitOpError("expects 'scaling_tile' to use loc=scaling");
  Type e = buf.getElementType();
  if (targetArchOf(op) == TargetArch::a5) {
    if (!(e.isF16() || e.isBF16() || e.isF32()))
      return op->emitOpError()
             << "expects 'scaling_tile' element type to be f16, bf16, or f32 "
                "on A5, got "
             << e;
  } else if (!e.isInteger(64)) {
    return op->emitOpError()
           << "expects 'scaling_tile' element type to be packed i64/ui64 on "
              "A3, got "
           << e;
  }
  return success();
}
