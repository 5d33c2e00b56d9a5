//===- PTOPipeOps.cpp - slot buffers, pipe inits and pipe tile ops -------===//

#include "ptonz/PTOVerify.h"

#include "ptonz/PTOPassThroughRules.h"

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
  bool since060 = ptoasAtLeast(getOperation(), 0, 60);
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
  bool level3 = buildLevelOf(getOperation()) == BuildLevel::level3;
  if (!getAutoAlloc() && !level3)
    return emitOpError(
        "pto.reserve_buffer with explicit 'base' (auto = false) is not "
        "supported "
        "in PlanMemory; use --pto-level=level3 or set auto = true");
  if (!since060)
    return success();
  // PTOAS 0.60 (its driver's validateReserveBufferLevelRules): PlanMemory
  // gives an auto buffer its base; at level 3 nothing does, so the buffer
  // names its base, aligned and inside the buffer's memory.
  if (getAutoAlloc() && getBaseAttr() && !level3)
    return emitOpError("unexpected 'base' on auto reserve_buffer: "
                       "level1/level2 assign it in pto-plan-memory (drop "
                       "'base', or write auto = false at --pto-level=level3)");
  if (level3 && (getAutoAlloc() || !getBaseAttr()))
    return emitOpError("pto.reserve_buffer requires 'auto = false' and "
                       "explicit 'base' when --pto-level=level3 (nothing "
                       "plans the buffer's address at level 3)");
  if (!level3)
    return success();
  uint64_t capacity = loc == AddressSpace::mat                ? 524288
                      : targetArchOf(*this) == TargetArch::a5 ? 253952
                                                              : 196608;
  uint64_t base = getBaseAttr().getInt(), size = getSize();
  if (base % 256 != 0)
    return emitOpError() << "expects 'base' to be aligned to 256 bytes for "
                         << stringifyAddressSpace(loc);
  if (base > capacity || size > capacity - base)
    return emitOpError() << "reserved range exceeds "
                         << stringifyAddressSpace(loc) << " capacity: base "
                         << base << " + size " << size << " > " << capacity
                         << " bytes";
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
  bool since060 = ptoasAtLeast(getOperation(), 0, 60);
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

//===----------------------------------------------------------------------===//
// The pipes as ptoas's passes see them (PTOAS 0.60): each frontend init
// lowered to one pipe-handle init (PTOLowerFrontendPipeOps: direction 1 over
// the c2v buffer, 2 over the v2c buffer, 3 over both; an l2l pipe on A5, an
// l2g2l one on A2/A3 or through a gm_slot_tensor), grouped by their slot
// buffers into logical pipes, each a pair of inits, that get hardware flag
// ids (PTOResolveReservedBuffers).
//===----------------------------------------------------------------------===//

namespace {
struct PipeResource {
  Operation *op;
  std::string func;
  int dirMask = 0;
  int64_t slotSize = 0, slotNum = 0;
  std::optional<int64_t> localSlotNum;
  bool globalOnly = false; // an l2g2l pipe without local slots
  std::optional<int64_t> flagBase;
  std::optional<int64_t> frontendId;
  bool l2l = false; // ptoas collects the l2l inits before the l2g2l ones
  SmallVector<PeerKey, 2> keys;
};
} // namespace

/// The key of a pipe whose slots stay in GM: its frontend id (a hand-written
/// l2g2l init has none, and pairs with no other init).
static PeerKey globalTensorKey(Operation *init, std::optional<int64_t> id,
                               int dir) {
  std::string name =
      id ? "id_" + std::to_string(*id)
         : "op_" + std::to_string(reinterpret_cast<uintptr_t>(init));
  return PeerKey{"__pto_globaltensor_pipe", name, dir};
}

/// The `id` of a frontend pipe op (PTOAS 0.60 assigns 0 where it is
/// absent).
static int64_t frontendIdOf(Operation *op) {
  auto id = op->getAttrOfType<IntegerAttr>("id");
  return id ? id.getInt() : 0;
}

/// A frontend init's pipe, as ptoas lowers it.
static PipeResource frontendResource(Operation *init, Value gmSlotTensor,
                                     Value c2v, Value v2c) {
  PipeResource r;
  r.op = init;
  Operation *func = init->getParentOfType<FunctionOpInterface>();
  r.func = func ? symbolOf(func) : std::string();
  r.dirMask = init->getAttrOfType<IntegerAttr>("dir_mask").getInt();
  r.slotSize = init->getAttrOfType<IntegerAttr>("slot_size").getInt();
  auto slotNum = init->getAttrOfType<IntegerAttr>("slot_num");
  r.slotNum = slotNum ? slotNum.getInt() : r.dirMask == 3 ? 4 : 8;
  r.frontendId = frontendIdOf(init);
  Value local = r.dirMask == 2 ? v2c : c2v;
  Value peer = r.dirMask == 3 ? v2c : Value();
  auto localSlotNum = init->getAttrOfType<IntegerAttr>("local_slot_num");
  r.l2l = !gmSlotTensor && targetArchOf(init) == TargetArch::a5;
  if (!r.l2l && local)
    r.localSlotNum = localSlotNum ? localSlotNum.getInt() : r.slotNum;
  if (gmSlotTensor && !local) {
    r.globalOnly = true;
    r.keys.push_back(globalTensorKey(init, r.frontendId, r.dirMask));
    return r;
  }
  if (!func)
    return r;
  if (auto k = peerKey(local, func, r.dirMask == 3 ? 1 : r.dirMask))
    r.keys.push_back(*k);
  if (auto k = peerKey(peer, func, 2))
    r.keys.push_back(*k);
  return r;
}

static PipeResource handleResource(Operation *init) {
  PipeResource r;
  r.op = init;
  Operation *func = init->getParentOfType<FunctionOpInterface>();
  r.func = func ? symbolOf(func) : std::string();
  r.dirMask = init->getAttrOfType<IntegerAttr>("dir_mask").getInt();
  r.slotSize = init->getAttrOfType<IntegerAttr>("slot_size").getInt();
  r.slotNum = init->getAttrOfType<IntegerAttr>("slot_num").getInt();
  if (auto f = init->getAttrOfType<IntegerAttr>("flag_base"))
    r.flagBase = f.getInt();
  r.l2l = isa<InitializeL2LPipeOp>(init);
  if (auto l2g2l = dyn_cast<InitializeL2G2LPipeOp>(init)) {
    if (auto n = l2g2l.getLocalSlotNumAttr())
      r.localSlotNum = n.getInt();
    if (!l2g2l.getLocalAddr()) {
      r.globalOnly = true;
      r.keys.push_back(globalTensorKey(init, std::nullopt, r.dirMask));
      return r;
    }
  }
  for (auto &[key, _] : peerKeys(init))
    r.keys.push_back(key);
  return r;
}

/// Every pipe init of the module around `op`, in the order ptoas's
/// ResolveReservedBuffers collects them (l2l first, each in module order).
static SmallVector<PipeResource, 0> pipeResources(Operation *op,
                                                  bool frontends) {
  SmallVector<PipeResource, 0> all;
  auto module = op->getParentOfType<ModuleOp>();
  Operation *root = module ? module.getOperation() : op->getParentOp();
  root->walk([&](Operation *o) {
    if (!frontends && isa<AicInitializePipeOp, AivInitializePipeOp>(o))
      return;
    if (auto i = dyn_cast<AicInitializePipeOp>(o))
      all.push_back(frontendResource(o, i.getGmSlotTensor(),
                                     i.getC2vConsumerBuf(),
                                     i.getV2cConsumerBuf()));
    else if (auto i = dyn_cast<AivInitializePipeOp>(o))
      all.push_back(frontendResource(o, i.getGmSlotTensor(),
                                     i.getC2vConsumerBuf(),
                                     i.getV2cConsumerBuf()));
    else if (isa<InitializeL2LPipeOp, InitializeL2G2LPipeOp>(o))
      all.push_back(handleResource(o));
  });
  std::stable_partition(all.begin(), all.end(),
                        [](const PipeResource &r) { return r.l2l; });
  return all;
}

namespace {
struct PipeError {
  Operation *op;
  std::string message;
};
} // namespace

/// What ptoas's ResolveReservedBuffers rejects first in the module around
/// `op`: an init whose slots come from no reserved buffer (and no explicit
/// flag_base), a logical pipe that is not one init pair in two functions or
/// whose inits disagree, or flag ids beyond the 16 the hardware has. Before
/// PTOAS 0.60: the pairs of the handle inits only.
static std::optional<PipeError> pipeResourceError(Operation *op) {
  constexpr int kHardwareFlagIds = 16;
  bool since060 = ptoasAtLeast(op, 0, 60);
  SmallVector<PipeResource, 0> inits;
  for (PipeResource &r : pipeResources(op, since060)) {
    if (!r.keys.empty()) {
      inits.push_back(std::move(r));
      continue;
    }
    if (r.flagBase)
      continue;
    return PipeError{r.op, "requires local_addr to come from "
                           "pto.reserve_buffer or pto.import_reserved_buffer "
                           "when 'flag_base' is not explicit"};
  }
  // The logical pipes: the inits that share a key, transitively (a
  // depth-first walk from each init not yet reached, as ptoas groups them).
  std::map<PeerKey, SmallVector<size_t>> byKey;
  for (auto [i, r] : llvm::enumerate(inits))
    for (const PeerKey &k : r.keys)
      if (!llvm::is_contained(byKey[k], i))
        byKey[k].push_back(i);
  SmallVector<SmallVector<size_t>> adjacent(inits.size());
  for (auto &[_, members] : byKey)
    for (size_t a = 0; a < members.size(); ++a)
      for (size_t b = a + 1; b < members.size(); ++b) {
        adjacent[members[a]].push_back(members[b]);
        adjacent[members[b]].push_back(members[a]);
      }
  struct Component {
    SmallVector<size_t> members;
    std::set<std::string> funcs;
    std::optional<int64_t> flagBase, frontendId;
    int width;
    size_t order;
  };
  SmallVector<Component, 0> components;
  SmallVector<bool> seen(inits.size(), false);
  const char *pairError =
      "requires a complete compatible peer init pair when local_addr comes "
      "from pto.reserve_buffer or pto.import_reserved_buffer (one init in "
      "the function that reserves the buffer, one in the function that "
      "imports it, with the same direction and pipe shape)";
  for (size_t root = 0; root < inits.size(); ++root) {
    if (seen[root])
      continue;
    seen[root] = true;
    Component c;
    SmallVector<size_t> stack{root};
    while (!stack.empty()) {
      size_t cur = stack.pop_back_val();
      c.members.push_back(cur);
      for (size_t next : adjacent[cur])
        if (!seen[next]) {
          seen[next] = true;
          stack.push_back(next);
        }
    }
    const PipeResource &lhs = inits[c.members.front()];
    if (!inits[root].globalOnly && c.members.size() != 2)
      return PipeError{inits[root].op, pairError};
    if (!since060) {
      std::set<std::string> funcs;
      for (size_t m : c.members)
        funcs.insert(inits[m].func);
      if (funcs.size() != 2)
        return PipeError{lhs.op, pairError};
      continue;
    }
    auto signature = [](const PipeResource &r) {
      return std::make_tuple(r.dirMask, r.slotSize, r.slotNum, r.localSlotNum,
                             r.globalOnly);
    };
    for (size_t m : ArrayRef<size_t>(c.members).drop_front())
      if (signature(inits[m]) != signature(lhs))
        return PipeError{lhs.op, "requires peer pipe init ops to agree on "
                                 "direction and pipe shape (dir_mask, "
                                 "slot_size, slot_num, local_slot_num)"};
    for (size_t m : c.members) {
      const PipeResource &r = inits[m];
      c.funcs.insert(r.func);
      if (r.flagBase) {
        if (c.flagBase && *c.flagBase != *r.flagBase)
          return PipeError{r.op, "conflicting explicit flag_base across peer "
                                 "pipe inits"};
        c.flagBase = r.flagBase;
      }
      if (r.frontendId)
        c.frontendId = c.frontendId ? std::min(*c.frontendId, *r.frontendId)
                                    : *r.frontendId;
    }
    if (!lhs.globalOnly && c.funcs.size() != 2)
      return PipeError{lhs.op, pairError};
    c.width = lhs.dirMask == 3 ? 4 : 2;
    c.order = components.size();
    components.push_back(std::move(c));
  }
  // Flag ids: frontend pipes by id, then the others; each takes the first
  // even base free in all its functions.
  llvm::stable_sort(components, [](const Component &a, const Component &b) {
    auto key = [](const Component &c) {
      return c.frontendId ? std::make_tuple(0, *c.frontendId, c.order)
                          : std::make_tuple(1, int64_t(0), c.order);
    };
    return key(a) < key(b);
  });
  std::map<std::string, SmallVector<std::pair<int64_t, int64_t>>> used;
  auto overlaps = [](std::pair<int64_t, int64_t> a,
                     std::pair<int64_t, int64_t> b) {
    return a.first < b.second && b.first < a.second;
  };
  for (const Component &c : components) {
    int64_t base = 0;
    if (c.flagBase) {
      base = *c.flagBase;
    } else {
      for (bool conflict = true; conflict;) {
        conflict = false;
        base += base % 2;
        int64_t next = base + 2;
        for (const std::string &f : c.funcs)
          for (auto u : used[f])
            if (overlaps({base, base + c.width}, u)) {
              conflict = true;
              next = std::max(next, u.second + u.second % 2);
            }
        if (conflict)
          base = next;
      }
    }
    Operation *at = inits[c.members.front()].op;
    if (base + c.width > kHardwareFlagIds)
      return PipeError{at, "requires all pipe components in a function to fit "
                           "within 16 hardware flag ids (each one-way pipe "
                           "takes 2, a two-way pipe 4: use fewer pipes per "
                           "function)"};
    for (const std::string &f : c.funcs)
      for (auto u : used[f])
        if (overlaps({base, base + c.width}, u))
          return PipeError{at, "conflicting flag_base across peer pipe init "
                               "components in the same function"};
    for (const std::string &f : c.funcs)
      used[f].push_back({base, base + c.width});
  }
  return std::nullopt;
}

/// ptoas's ResolveReservedBuffers rules, reported at `init` when ptoas
/// reports its first error there (PTOAS >= 0.60; 0.27 pairs the handle
/// inits only).
static LogicalResult verifyPipeResources(Operation *init) {
  std::optional<PipeError> error = pipeResourceError(init);
  if (!error || error->op != init)
    return success();
  return init->emitOpError(error->message);
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

/// The `split` of a pipe user: an op ptonz defines, or one it keeps
/// verbatim (talloc_to_aiv, talloc_to_aic, talloc: `{id = I, split = N}`).
static std::optional<int64_t> splitOf(Operation *user) {
  if (auto split = user->getAttrOfType<IntegerAttr>("split"))
    return split.getInt();
  return std::nullopt;
}

/// A frontend init's pipe (frontendResource) and its users, the frontend ops
/// of its direction and `id` in its function (direction 1: c2v, 2: v2c, 3:
/// both).
template <typename InitOp> static PipeInit frontendInit(InitOp init) {
  PipeInit info{init, {}, SplitUsage::unknown, std::nullopt};
  if (auto ns = init.getNosplitAttr())
    info.explicitNoSplit = ns.getValue();
  Operation *func = init->template getParentOfType<FunctionOpInterface>();
  if (!func)
    return info;
  info.keys =
      frontendResource(init, init.getGmSlotTensor(), init.getC2vConsumerBuf(),
                       init.getV2cConsumerBuf())
          .keys;
  int dir = init.getDirMask();
  int64_t id = frontendIdOf(init);
  func->walk([&](Operation *op) {
    StringRef name = op->getName().getStringRef();
    bool c2v = isa<TPushToAivOp, TPopFromAicOp, TFreeFromAicOp>(op) ||
               name == "pto.talloc_to_aiv";
    bool v2c = isa<TPushToAicOp, TPopFromAivOp, TFreeFromAivOp>(op) ||
               name == "pto.talloc_to_aic";
    if (!((c2v && (dir == 1 || dir == 3)) || (v2c && (dir == 2 || dir == 3))))
      return;
    if (frontendIdOf(op) != id)
      return;
    if (std::optional<int64_t> split = splitOf(op))
      addSplit(info.usage, *split);
  });
  return info;
}

template <typename InitOp> static PipeInit handleInit(InitOp init) {
  PipeInit info{init, {}, SplitUsage::unknown, std::nullopt};
  if (auto ns = init.getNosplitAttr())
    info.explicitNoSplit = ns.getValue();
  info.keys = handleResource(init).keys;
  for (Operation *user : init.getPipe().getUsers())
    if (isa<TPushOp, TPopOp, TFreeOp>(user) ||
        user->getName().getStringRef() == "pto.talloc")
      if (std::optional<int64_t> split = splitOf(user))
        addSplit(info.usage, *split);
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
  if (ptoasAtLeast(op, 0, 60)) {
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
  ptonz::printAttrDict(p, op, elided);
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
    if (!ptoasAtLeast(getOperation(), 0, 60))
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
  if (failed(verifySplitUsage(*this)))
    return failure();
  return verifyPipeResources(*this);
}

LogicalResult InitializeL2LPipeOp::verify() {
  if (failed(verifyPipeShape(*this, getDirMask(), getSlotSize(), getSlotNum(),
                             getFlagBaseAttr(), bool(getPeerLocalAddr()))))
    return failure();
  if (failed(verifySplitUsage(*this)))
    return failure();
  return verifyPipeResources(*this);
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
  ptonz::printAttrDict(p, op, elided);
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

//===----------------------------------------------------------------------===//
// Fixpipe pipes (an init with an acc_push_epilogue, PTOAS 0.60): a cube
// producer init and its vector consumer init that agree on the epilogue,
// the consumer's tpop_from_aic naming the entry the fixpipe writes
// (PTOAS lib/PTO/IR/PTO.cpp: verifyFrontendInitCommon, AicInitializePipeOp
// and AivInitializePipeOp::verify).
//===----------------------------------------------------------------------===//

static Value c2vBufferOf(Operation *init) {
  if (auto aic = dyn_cast<AicInitializePipeOp>(init))
    return aic.getC2vConsumerBuf();
  if (auto aiv = dyn_cast<AivInitializePipeOp>(init))
    return aiv.getC2vConsumerBuf();
  return {};
}

static AccPushEpilogueAttr epilogueOf(Operation *init) {
  return dyn_cast_or_null<AccPushEpilogueAttr>(
      init->getAttr("acc_push_epilogue"));
}

static FunctionOpInterface peerFuncOf(ImportReservedBufferOp import) {
  return dyn_cast_or_null<FunctionOpInterface>(
      SymbolTable::lookupNearestSymbolFrom(import, import.getPeerFuncAttr()));
}

static bool isAnyI8(Type t) {
  auto i = dyn_cast<IntegerType>(t);
  return i && i.getWidth() == 8 && !i.isSignless();
}
static bool isFp8E4M3(Type t) {
  return isa<Float8E4M3FNType, Float8E4M3Type>(t);
}

/// The element type a fixpipe quantization writes into the consumer's tile
/// (matchesFixpipeConsumerElementType).
static bool fixpipeWrites(FixpipeQuant q, Type e) {
  using Q = FixpipeQuant;
  switch (q) {
  case Q::no_convert:
    return e.isF32() || e.isInteger(32);
  case Q::f32_f16:
  case Q::deqf16_scalar:
  case Q::deqf16_vec:
  case Q::qf322f16_pre_scalar:
    return e.isF16();
  case Q::f32_bf16:
  case Q::qf322bf16_pre_scalar:
  case Q::qs322bf16_pre_scalar:
  case Q::qs322bf16_pre_vec:
    return e.isBF16();
  case Q::req8_scalar:
  case Q::qf322b8_pre_scalar:
    return isAnyI8(e);
  case Q::req8_vec:
  case Q::qf322b8_pre_vec:
    return e.isSignedInteger(8);
  case Q::qf322hif8_pre_scalar:
    return isa<HiF8Type>(e);
  case Q::qf322fp8_pre_scalar:
    return isFp8E4M3(e);
  }
  return false;
}

/// The acc element type a quantization reads, given the type it writes
/// (matchesFixpipeProducerAndConsumerTypes).
static bool fixpipeConverts(FixpipeQuant q, Type src, Type dst) {
  using Q = FixpipeQuant;
  bool fromI32 = q == Q::req8_scalar || q == Q::req8_vec ||
                 q == Q::deqf16_scalar || q == Q::deqf16_vec ||
                 q == Q::qs322bf16_pre_scalar || q == Q::qs322bf16_pre_vec;
  if (q == Q::no_convert)
    return (src.isF32() || src.isInteger(32)) && src == dst;
  return (fromI32 ? src.isInteger(32) : src.isF32()) && fixpipeWrites(q, dst);
}

/// The consumer tile layout a fixpipe layout writes.
static bool fixpipeLayoutFits(FixpipeLayout layout, TileBufType tile) {
  if (tile.getLoc() != AddressSpace::vec)
    return false;
  BLayout b = tile.getBlayout();
  SLayout s = tile.getSlayout();
  switch (layout) {
  case FixpipeLayout::nz2nd:
    return b == BLayout::row_major && s == SLayout::none_box;
  case FixpipeLayout::nz2dn:
    return b == BLayout::col_major && s == SLayout::none_box;
  case FixpipeLayout::nz2nz:
    return b == BLayout::col_major && s == SLayout::row_major;
  }
  return false;
}

/// The epilogue of both inits of a fixpipe pipe must agree.
static LogicalResult matchEpilogues(Operation *op, AccPushEpilogueAttr mine,
                                    AccPushEpilogueAttr peer, bool producer) {
  const char *self = producer ? "producer" : "consumer";
  const char *other = producer ? "consumer" : "producer";
  auto mismatch = [&](StringRef field, StringRef a, StringRef b) {
    return op->emitOpError()
           << "expects acc_push_epilogue." << field << " to match peer "
           << other << " (" << self << " has " << a << ", " << other << " has "
           << b << ")";
  };
  if (mine.getLayout() != peer.getLayout())
    return mismatch("layout", stringifyFixpipeLayout(mine.getLayout()),
                    stringifyFixpipeLayout(peer.getLayout()));
  if (mine.getQuant() != peer.getQuant())
    return mismatch("quant", stringifyFixpipeQuant(mine.getQuant()),
                    stringifyFixpipeQuant(peer.getQuant()));
  if (mine.getRelu() != peer.getRelu())
    return mismatch("relu", stringifyFixpipeRelu(mine.getRelu()),
                    stringifyFixpipeRelu(peer.getRelu()));
  return success();
}

/// The cube producer of a fixpipe pipe: its consumer's function must hold
/// exactly one aiv_initialize_pipe over the reserved buffer it imports.
static LogicalResult verifyFixpipeProducer(Operation *op,
                                           AccPushEpilogueAttr epilogue) {
  auto import = c2vBufferOf(op).getDefiningOp<ImportReservedBufferOp>();
  FunctionOpInterface consumer = import ? peerFuncOf(import) : nullptr;
  Operation *peer = nullptr;
  unsigned matches = 0;
  if (consumer)
    consumer->walk([&](AivInitializePipeOp init) {
      Value buf = init.getC2vConsumerBuf();
      auto reserve = buf ? buf.getDefiningOp<ReserveBufferOp>() : nullptr;
      if (reserve && reserve.getName() == import.getName()) {
        peer = init;
        ++matches;
      }
    });
  if (matches != 1)
    return op->emitOpError(
        "expects peer consumer function to contain a matching "
        "aiv_initialize_pipe with the same consumer buffer contract (an "
        "aiv_initialize_pipe whose c2v_consumer_buf is the reserve_buffer "
        "this init imports)");
  AccPushEpilogueAttr peerEpilogue = epilogueOf(peer);
  if (!peerEpilogue)
    return op->emitOpError(
        "expects peer consumer pipe init to also have 'acc_push_epilogue' "
        "for fixpipe contract consistency");
  return matchEpilogues(op, epilogue, peerEpilogue, /*producer=*/true);
}

/// The vector consumer of a fixpipe pipe: its reserved buffer is imported by
/// exactly one cube producer init; its tpop_from_aic entries are the tiles
/// the fixpipe writes (element type, layout, slot size) from the producer's
/// pushed acc tiles.
static LogicalResult verifyFixpipeConsumer(Operation *op,
                                           AccPushEpilogueAttr epilogue) {
  Value buf = c2vBufferOf(op);
  if (!buf)
    return op->emitOpError(
        "expects fixpipe consumer pipe to have 'c2v_consumer_buf'");
  if (buf.getDefiningOp<ImportReservedBufferOp>())
    return op->emitOpError(
        "expects consumer-side fixpipe pipe to use reserve_buffer, not "
        "import_reserved_buffer");
  auto reserve = buf.getDefiningOp<ReserveBufferOp>();
  auto self = op->getParentOfType<FunctionOpInterface>();
  auto module = op->getParentOfType<ModuleOp>();
  if (!reserve || !self || !module)
    return success(); // the init rules reject these
  StringRef name = reserve.getName();
  ImportReservedBufferOp import;
  unsigned imports = 0;
  module->walk([&](ImportReservedBufferOp candidate) {
    if (candidate.getName() == name && peerFuncOf(candidate) == self) {
      import = candidate;
      ++imports;
    }
  });
  if (imports == 0)
    return op->emitOpError()
           << "cannot find peer import_reserved_buffer for consumer buffer '"
           << name << "'";
  if (imports > 1)
    return op->emitOpError()
           << "finds multiple peer import_reserved_buffer ops for consumer "
              "buffer '"
           << name << "'";
  auto producerFunc = import->getParentOfType<FunctionOpInterface>();
  Operation *producer = nullptr;
  unsigned producers = 0;
  producerFunc->walk([&](AicInitializePipeOp init) {
    Value b = init.getC2vConsumerBuf();
    auto imp = b ? b.getDefiningOp<ImportReservedBufferOp>() : nullptr;
    if (imp && imp.getName() == name && peerFuncOf(imp) == self) {
      producer = init;
      ++producers;
    }
  });
  if (producers != 1)
    return op->emitOpError(
        "expects peer producer function to contain a matching "
        "aic_initialize_pipe with the same consumer buffer contract");
  AccPushEpilogueAttr peerEpilogue = epilogueOf(producer);
  if (!peerEpilogue)
    return op->emitOpError(
        "expects peer producer pipe init to also have 'acc_push_epilogue' "
        "for fixpipe contract consistency");
  if (failed(matchEpilogues(op, epilogue, peerEpilogue, /*producer=*/false)))
    return failure();
  int64_t id = frontendIdOf(op);
  SmallVector<TPopFromAicOp> pops;
  self->walk([&](TPopFromAicOp pop) {
    if (frontendIdOf(pop) == id)
      pops.push_back(pop);
  });
  if (pops.empty())
    return op->emitOpError()
           << "expects at least one tpop_from_aic for fixpipe pipe id = " << id
           << " to resolve the consumer entry type (pop the fixpipe's tile "
              "with `pto.tpop_from_aic {id = "
           << id << ", split = 0} -> !pto.tile_buf<vec, ...>`)";
  Type entry = pops.front().getTile().getType();
  for (TPopFromAicOp pop : llvm::drop_begin(pops))
    if (pop.getTile().getType() != entry)
      return op->emitOpError()
             << "expects all tpop_from_aic results for fixpipe pipe id = " << id
             << " to use the same tile type";
  auto tile = dyn_cast<TileBufType>(entry);
  if (!tile)
    return op->emitOpError(
        "expects fixpipe consumer tpop result to be !pto.tile_buf");
  FixpipeQuant quant = epilogue.getQuant();
  Type elem = tile.getElementType();
  if (!fixpipeWrites(quant, elem))
    return op->emitOpError()
           << "expects consumer element type to match acc_push_epilogue.quant "
           << stringifyFixpipeQuant(quant) << " (the fixpipe does not write "
           << elem << ")";
  if (!fixpipeLayoutFits(epilogue.getLayout(), tile))
    return op->emitOpError()
           << "expects consumer tile layout to match acc_push_epilogue.layout "
           << stringifyFixpipeLayout(epilogue.getLayout());
  if (unsigned bits = elementBits(elem);
      bits && tile.getRows() > 0 && tile.getCols() > 0) {
    int64_t bytes = tile.getRows() * tile.getCols() * (bits / 8);
    if (op->getAttrOfType<IntegerAttr>("slot_size").getInt() < bytes)
      return op->emitOpError()
             << "expects consumer-side fixpipe slot_size to be at least "
             << bytes << " bytes for the resolved post-fixpipe consumer entry";
    if (producer->getAttrOfType<IntegerAttr>("slot_size").getInt() < bytes)
      return op->emitOpError()
             << "expects peer producer fixpipe slot_size to be at least "
             << bytes << " bytes for the resolved post-fixpipe consumer entry";
  }
  int64_t producerId = frontendIdOf(producer);
  LogicalResult pushes = success();
  producerFunc->walk([&](TPushToAivOp push) {
    auto src = dyn_cast<TileBufType>(push.getTile().getType());
    if (frontendIdOf(push) != producerId || !src ||
        fixpipeConverts(quant, src.getElementType(), elem))
      return WalkResult::advance();
    pushes = op->emitOpError()
             << "expects producer source element type and consumer tpop "
                "result element type to satisfy acc_push_epilogue.quant "
             << stringifyFixpipeQuant(quant) << " (" << src.getElementType()
             << " pushed, " << elem << " popped)";
    return WalkResult::interrupt();
  });
  return pushes;
}

/// The rules of an init with an acc_push_epilogue (PTOAS >= 0.60).
static LogicalResult verifyFixpipeInit(Operation *op, KernelKind kernel) {
  AccPushEpilogueAttr epilogue = epilogueOf(op);
  if (!epilogue || !ptoasAtLeast(op, 0, 60))
    return success();
  if (op->getAttrOfType<IntegerAttr>("dir_mask").getInt() != 1)
    return op->emitOpError("expects fixpipe pipe (with 'acc_push_epilogue') "
                           "to have dir_mask = 1 (C2V only)");
  auto nosplit = op->getAttrOfType<BoolAttr>("nosplit");
  if (!nosplit || !nosplit.getValue())
    return op->emitOpError("expects fixpipe pipe (with 'acc_push_epilogue') "
                           "to have nosplit = true");
  if (Value buf = c2vBufferOf(op); buf &&
                                   !buf.getDefiningOp<ReserveBufferOp>() &&
                                   !buf.getDefiningOp<ImportReservedBufferOp>())
    return op->emitOpError(
        "expects fixpipe pipe 'c2v_consumer_buf' to trace to reserve_buffer "
        "or import_reserved_buffer for peer contract verification");
  using Q = FixpipeQuant;
  Q q = epilogue.getQuant();
  bool a5 = targetArchOf(op) == TargetArch::a5;
  if ((q == Q::qs322bf16_pre_scalar || q == Q::qs322bf16_pre_vec) && !a5)
    return op->emitOpError("expects 'qs322bf16_pre_*' quantization modes to "
                           "be used only on A5 target");
  if ((q == Q::qf322hif8_pre_scalar || q == Q::qf322fp8_pre_scalar) && !a5)
    return op->emitOpError("expects 'qf322hif8_pre_scalar'/"
                           "'qf322fp8_pre_scalar' to be used only on A5 "
                           "target");
  return kernel == KernelKind::cube ? verifyFixpipeProducer(op, epilogue)
                                    : verifyFixpipeConsumer(op, epilogue);
}

LogicalResult ptonz::pto::verifyFrontendPipeInit(Operation *op,
                                                 KernelKind kernel,
                                                 int8_t dirMask,
                                                 int32_t slotSize) {
  if (failed(requireKernel(op, kernel)))
    return failure();
  // One init per `id` (0 when absent, so one per function before PTOAS 0.60,
  // which has no id).
  if (frontendIdOf(op) < 0)
    return op->emitOpError("expects 'id' to be non-negative");
  unsigned inits = 0;
  op->getParentOfType<FunctionOpInterface>()->walk([&](Operation *o) {
    if (isa<AicInitializePipeOp, AivInitializePipeOp>(o) &&
        frontendIdOf(o) == frontendIdOf(op))
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
  if (failed(verifyFixpipeInit(op, kernel)))
    return failure();
  // A2/A3 move pipe slots through GM (ptoas lowers to initialize_l2g2l_pipe).
  if (!has(0) && !has(1) && targetArchOf(op) == TargetArch::a3)
    return op->emitOpError(
        "requires 'gm_slot_buffer' on A2/A3 targets, where the pipe's "
        "slots go through GM (A5 pipes are local-to-local)");
  if (failed(verifyFrontendPipeSplits(op)))
    return failure();
  return verifyPipeResources(op);
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
  if (!ptoasAtLeast(op, 0, 60))
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
  ptonz::printAttrDict(p, *this, {"split"});
}

LogicalResult TFreeOp::verify() {
  if (getEntry() && !ptoasAtLeast(getOperation(), 0, 60))
    return emitOpError("takes the freed entry from PTOAS 0.60 on (write "
                       "`(%pipe : !pto.pipe)`)");
  return verifyPipeUse(*this, PipeRole::free, getEntry(), getPipeHandle(),
                       getSplit());
}

/// A tensor-view entry of a pipe handle is one GM slot of a global-only
/// l2g2l pipe: its element type and shape are those of the pipe's
/// tensor_view gm_addr (PTOAS 0.60's verifyTensorEntryMatchesInternalPipeInit).
static LogicalResult verifyPipeTensorEntry(Operation *op, Value pipe,
                                           Type entry) {
  auto view = dyn_cast<TensorViewType>(entry);
  if (!view)
    return success();
  auto init = pipe.getDefiningOp<InitializeL2G2LPipeOp>();
  if (!init)
    return op->emitOpError("expects !pto.tensor_view pipe entry to use a pipe "
                           "produced by pto.initialize_l2g2l_pipe");
  if (init.getLocalAddr())
    return op->emitOpError("expects !pto.tensor_view pipe entry to use "
                           "global-only pto.initialize_l2g2l_pipe without "
                           "local_addr");
  auto slot = dyn_cast<TensorViewType>(init.getGmAddr().getType());
  if (!slot)
    return op->emitOpError("expects !pto.tensor_view pipe entry to use "
                           "pto.initialize_l2g2l_pipe gm_addr with "
                           "tensor_view slot type");
  if (slot.getElementType() != view.getElementType())
    return op->emitOpError("expects pipe entry element type to match "
                           "initialize_l2g2l_pipe gm_addr element type");
  if (slot.getShape().size() != view.getShape().size())
    return op->emitOpError(
        "expects pipe entry rank to match initialize_l2g2l_pipe gm_addr rank");
  for (auto [i, dims] :
       llvm::enumerate(llvm::zip(view.getShape(), slot.getShape()))) {
    auto [e, g] = dims;
    if (e != ShapedType::kDynamic && g != ShapedType::kDynamic && e != g)
      return op->emitOpError()
             << "expects pipe entry dimension " << i
             << " to match initialize_l2g2l_pipe gm_addr dimension " << g
             << " (the entry is one slot: " << entry << " vs " << slot << ")";
  }
  return success();
}

LogicalResult ptonz::pto::verifyTAlloc(Operation *op) {
  // `pto.talloc(%entry, %pipe : T, !pto.pipe) {split = N}`
  if (op->getNumOperands() != 2 || !isa<PipeType>(op->getOperand(1).getType()))
    return success(); // not PTOAS's form: its parser rejects it
  Value pipe = op->getOperand(1);
  if (!pipe.getDefiningOp<InitializeL2LPipeOp>() &&
      !pipe.getDefiningOp<InitializeL2G2LPipeOp>())
    return op->emitOpError(
        "pipe_handle must be produced by pto.initialize_l2l_pipe or "
        "pto.initialize_l2g2l_pipe");
  return verifyPipeTensorEntry(op, pipe, op->getOperand(0).getType());
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
    if (!ptoasAtLeast(op, 0, 60))
      return op->emitOpError("takes a tensor view entry from PTOAS 0.60 on");
    return verifyPipeTensorEntry(op, pipe, tile.getType());
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
  if (!ptoasAtLeast(op, 0, 60))
    return success();
  int64_t id = frontendIdOf(op);
  AccPushEpilogueAttr epilogue;
  if (auto fn = op->getParentOfType<FunctionOpInterface>())
    fn->walk([&](AicInitializePipeOp init) {
      if (frontendIdOf(init) == id)
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
      if (frontendIdOf(&before) == id)
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
