//===- PTOBase.h - `pto` dialect, enums, attributes, types ------*- C++ -*-===//
//
// Everything of the `pto` dialect but its ops: what code that only names
// types and attributes needs (the op classes are a large header, PTO.h).
//
//===----------------------------------------------------------------------===//
#ifndef PTONZ_PTO_BASE_H
#define PTONZ_PTO_BASE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "ptonz/ParsedTypes.h"

#include <limits>
#include <optional>
#include <utility>

namespace ptonz::pto {
/// The PTOAS target the verifiers check against: ptoas --pto-arch (a3 covers
/// PTOAS's "A2/A3" rules) ...
enum class TargetArch { a3, a5 };
/// ... and ptoas --pto-level (alloc_tile addr and tassign belong to level3).
enum class BuildLevel { level1, level2, level3 };
/// ... and ptoas --pto-backend: the backend that lowers the module (PTOAS
/// 0.60: EmitC, which writes C++, the default; or VPTO, the A5 vector path).
enum class Backend { emitc, vpto };
/// What the verifiers of a context check: arch, level, PTOAS release
/// (major, minor) and backend. `backendGiven`: the backend was named as on
/// ptoas's command line (--pto-backend), which overrides a module's
/// `pto.backend` attribute; otherwise the attribute, where present, decides.
struct PtoasTarget {
  TargetArch arch = TargetArch::a3;
  BuildLevel level = BuildLevel::level2;
  std::pair<int, int> version = {std::numeric_limits<int>::max(), 0};
  Backend backend = Backend::emitc;
  bool backendGiven = false;
  /// ptoas --emit-pto-ir: PTOAS writes PTO IR and stops before its backend,
  /// so nothing is lowered by either one.
  bool emitsPtoIr = false;
};
} // namespace ptonz::pto

#include "ptonz/PTOEnums.h.inc"
#include "ptonz/PTODialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ptonz/PTOAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ptonz/PTOTypes.h.inc"

namespace ptonz::pto {
/// A GM scalar pointer: !pto.ptr<T> or a memref without, or with a gm,
/// memory space (PTOAS's ScalarPtrOrMemRef).
bool isGMPointer(mlir::Type type);
/// An operand type of a tile op (ins/outs, tassign): a tile_buf, partition
/// view or ranked tensor; a memref (PTOAS's lowered form) only for a target
/// before PTOAS 0.60, whose ops take no memref.
bool isDpsType(mlir::Type type);
/// The arch `op` is verified for: its module's `pto.target_arch` ("a5", any
/// case, is A5; anything else A2/A3), else the context's target (ptoas
/// --pto-arch), a3 by default.
TargetArch targetArchOf(mlir::Operation *op);
/// The context's build level (ptoas --pto-level).
BuildLevel buildLevelOf(mlir::MLIRContext *ctx);
/// Whether the context's PTOAS version (set_ptoas_target) is at least
/// major.minor.
bool ptoasAtLeast(mlir::MLIRContext *ctx, int major, int minor);
/// The same for the context of `op`. A verifier asks per op: from a pto op
/// the dialect is the op's own, where the context's lookup hashes the
/// dialect's name every time.
BuildLevel buildLevelOf(mlir::Operation *op);
bool ptoasAtLeast(mlir::Operation *op, int major, int minor);
/// The backend PTOAS lowers `op` with, as its driver decides it: the
/// context's backend when it was given as --pto-backend; else the
/// `pto.backend` attribute of the outermost module, else that of the child
/// module holding `op` (a backend-partitioned container); else the
/// context's default (EmitC).
Backend backendOf(mlir::Operation *op);
/// PTOAS >= 0.60's EmitC backend cannot lower the vector families (`vmi`,
/// `vpto`, `ub`) nor a function whose signature has a vector-register type:
/// a located error at the first op (or function) of `module` that would
/// reach it, naming the op or type and what to do instead; failure if there
/// is one (PTOBackend.cpp has the facts).
mlir::LogicalResult verifyBackendLowering(mlir::Operation *module);
/// PTOAS emits no recursive calls: a located error at every `pto.entry`
/// function of `module` on a call cycle (itself, or through other
/// functions); failure if there is one. Once per module, linear in it (a
/// verifier per entry would resolve callees once per entry).
mlir::LogicalResult verifyEntryRecursion(mlir::Operation *module);
/// Element types of views, tiles and pointers: integers, floats and the
/// scalar types of PTOAS 0.60 (`!pto.hif8`, `!pto.f4E2M1x2`, ...).
bool isElementType(mlir::Type type);
/// The storage bits of one element (a packed FP4 pair is 8), 0 if `type` is
/// no element type.
unsigned elementBits(mlir::Type type);
/// The bits of one value of an element: elementBits, halved for PTOAS's
/// packed pairs (`!pto.f4E2M1x2`: 4), so a pair of sub-byte values is
/// sub-byte; 0 if `type` is no element type.
unsigned elementValueBits(mlir::Type type);
/// PTOAS 0.60's own scalar types: `!pto.hif8`, `!pto.f8E8M0` and the packed
/// pairs `!pto.hif8x2`, `!pto.f4E1M2x2`, `!pto.f4E2M1x2`, `!pto.bf16x2`.
bool isPTOScalarType(mlir::Type type);
/// A packed pair of FP4 values: `!pto.f4E1M2x2` or `!pto.f4E2M1x2`.
bool isFP4Pair(mlir::Type type);
/// An A5 microscaling scale element (E8M0, one byte): PTOAS's `!pto.f8E8M0`,
/// or MLIR's builtin f8E8M0FNU, which ptonz accepts for it on input.
bool isMXScaleElement(mlir::Type type);
/// PTOAS 0.60's low-precision element types (isPTOLowPrecisionType): fp8
/// (any 8-bit float), !pto.hif8, !pto.f8E8M0, !pto.hif8x2, packed FP4 and
/// !pto.bf16x2. A2/A3 moves and converts none of them.
bool isLowPrecisionElement(mlir::Type type);
/// A type of PTOAS 0.60 that ptonz passes through verbatim (an opaque `pto`
/// type) whose mnemonic is `mnemonic` (`multi_tile_buf`, `vreg`, ...).
bool isPassThroughType(mlir::Type type, llvm::StringRef mnemonic);
/// A PTOAS 0.60 `!pto.multi_tile_buf<SLOT, count=N>` (a pass-through type;
/// SLOT is a `!pto.tile_buf<...>` or the body of one, `vec, 16x16xf16`):
/// its slot tile type (null when SLOT does not parse as one) and count.
struct MultiTileBuf {
  TileBufType slot;
  int64_t count;
};
std::optional<MultiTileBuf> multiTileBufOf(mlir::Type type);
/// The case of a PTOAS 0.60 enum attribute that ptonz passes through verbatim
/// (an opaque `pto` attribute: `#pto<pow_precision high_precision>` or
/// `#pto.pow_precision<high_precision>`) whose mnemonic is `mnemonic`
/// ("high_precision"); empty if `attr` is no such attribute.
llvm::StringRef passThroughEnumCase(mlir::Attribute attr,
                                    llvm::StringRef mnemonic);
/// PTOAS 0.60's VecScopeOp rule: a synchronization op inside a
/// `pto.vecscope` (an op ptonz passes through) is an error at the op.
mlir::LogicalResult verifyOutsideVecScope(mlir::Operation *op);
/// Registers the ops (generated, sharded: PTOOps.<n>.cpp).
void registerPTODialectOperations(PTODialect *dialect);
} // namespace ptonz::pto

namespace ptonz::OpTrait {
/// A synchronization op, which delimits PTOAS 0.60's vector scopes and so
/// must stay outside `pto.vecscope` (PTOSyncOps.td).
template <typename ConcreteType>
class OutsideVecScope
    : public mlir::OpTrait::TraitBase<ConcreteType, OutsideVecScope> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    return ::ptonz::pto::verifyOutsideVecScope(op);
  }
};
} // namespace ptonz::OpTrait

#endif // PTONZ_PTO_BASE_H
