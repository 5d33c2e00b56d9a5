//===- PTOVerify.h - shared checks of the `pto` op verifiers ----*- C++ -*-===//
//
// What PTOAS's op verifiers check, factored by kind of check: operand kinds,
// address spaces, element-type and shape agreement. The op families of the
// .td files name the checks they want (TileRules) and share verifyTileOp;
// ops with rules of their own call the helpers from their verify().
//
// Like PTOAS, the detailed tile checks are skipped once an op works on
// memrefs (PTOAS's lowered form): they are about tile_buf types.
//
//===----------------------------------------------------------------------===//
#ifndef PTONZ_PTO_VERIFY_H
#define PTONZ_PTO_VERIFY_H

#include "ptonz/Common.h" // constantOf: the constant of an operand
#include "ptonz/PTO.h"

#include <initializer_list>
#include <optional>
#include <utility>

namespace ptonz::pto {
using ::ptonz::constantOf;

/// The checks an ins/outs tile op wants. Operands are given to verifyTileOp
/// as (name, value), the destination last.
struct TileRules {
  /// Every operand is a tile (tile_buf, or a memref which disables the rest).
  bool tiles = true;
  /// Every tile lives in the vec buffer.
  bool vec = false;
  /// Every tile uses the row_major block layout ...
  bool rowMajor = false;
  /// ... except the operands at these positions (bit i: operand i).
  unsigned rowMajorExempt = 0;
  /// All operands share the first one's element type.
  bool sameElem = false;
  /// All operands share the first one's valid shape.
  bool sameValid = false;
  /// All operands share the first one's (static) shape.
  bool sameShape = false;
  /// Broadcast/reduction geometry between the first operand and the last.
  enum class Geometry {
    none,
    colExpand,       // dst valid cols == src valid cols
    rowExpand,       // dst valid rows == src valid rows
    colExpandBinary, // src0, dst same valid; src1 valid cols == dst valid cols
    rowExpandBinary, // src0, dst same valid; src1 valid rows == dst valid rows
    colReduce,       // dst valid cols == src valid cols
    rowReduce,       // dst valid rows == src valid rows, dst valid cols == 1
  } geometry = Geometry::none;
  /// Element types agree only between the inputs (the result has another,
  /// e.g. an index).
  bool sameElemInputsOnly = false;
  /// PTOAS >= 0.60: a 0x0 dst valid region is a no-op marker, accepted
  /// before the geometry checks (row/column reductions, trowexpand and the
  /// reduce-like trowexpandmax/min/expdif).
  bool emptyDstNoOp = false;

  static TileRules none() {
    TileRules r;
    r.tiles = false;
    return r;
  }
  static TileRules vecUnary() {
    TileRules r;
    r.vec = r.rowMajor = r.sameElem = r.sameValid = true;
    return r;
  }
  static TileRules vecBinary() { return vecUnary(); }
  static TileRules vecSameValid() {
    TileRules r;
    r.vec = r.rowMajor = r.sameValid = true;
    return r;
  }
  static TileRules vecPartial() {
    TileRules r;
    r.vec = r.sameElem = true;
    return r;
  }
  static TileRules sameShapes() {
    TileRules r;
    r.sameShape = true;
    return r;
  }
  static TileRules withGeometry(Geometry g) {
    TileRules r;
    r.vec = r.rowMajor = r.sameElem = true;
    r.geometry = g;
    return r;
  }
  static TileRules colExpand() { return withGeometry(Geometry::colExpand); }
  static TileRules rowExpand() {
    TileRules r = withGeometry(Geometry::rowExpand);
    r.emptyDstNoOp = true;
    return r;
  }
  /// src1 is a row vector; pto-isa reads every operand row-major.
  static TileRules colExpandBinary() {
    TileRules r = withGeometry(Geometry::colExpandBinary);
    r.vec = false;
    return r;
  }
  /// src1 is a column vector (DN or ND); only dst must be row-major.
  static TileRules rowExpandBinary() {
    TileRules r = withGeometry(Geometry::rowExpandBinary);
    r.vec = false;
    r.rowMajorExempt = 0b011;
    return r;
  }
  /// trowexpandmax / min / expdif: as rowExpandBinary, with the 0x0 marker.
  static TileRules rowExpandReduceLike() {
    TileRules r = rowExpandBinary();
    r.emptyDstNoOp = true;
    return r;
  }
  static TileRules colReduce() {
    TileRules r = withGeometry(Geometry::colReduce);
    r.emptyDstNoOp = true;
    return r;
  }
  /// dst is a column vector: ND (row_major) or DN (col_major).
  static TileRules rowReduce() {
    TileRules r = withGeometry(Geometry::rowReduce);
    r.rowMajorExempt = 0b10; // (src, dst)
    r.emptyDstNoOp = true;
    return r;
  }
  /// argmax/argmin: the result is an index tile.
  static TileRules argReduce() {
    TileRules r;
    r.vec = true;
    return r;
  }
  static TileRules fillPad() {
    TileRules r;
    r.vec = r.sameElem = true;
    return r;
  }
};

using NamedValue = std::pair<llvm::StringRef, mlir::Value>;

/// An op that PTOAS major.minor introduced: an error for an older target.
mlir::LogicalResult verifySince(mlir::Operation *op, int major, int minor);

/// An op whose scratch tile `tmp` PTOAS 0.60 may plan itself: absent, it is
/// an error for PTOAS < 0.60 (which requires it) and where implicitTmpRefused.
mlir::LogicalResult verifyImplicitTmp(mlir::Operation *op, mlir::Value tmp);
/// Whether PTOAS refuses to plan an implicit tmp for `op`: 0.60 on A2/A3 at
/// level3 (no PlanMemory there; its pto-materialize-implicit-tmp errors).
bool implicitTmpRefused(mlir::Operation *op);
/// Whether PTOAS skips PlanMemory and so plans no implicit tmp for any op,
/// whatever the arch: 0.60 at level3 (tpow, tpows and tsort32 ask for their
/// tmp there on A5 too).
bool planMemorySkipped(mlir::MLIRContext *ctx);
/// PTOAS 0.60's tmp contract of trowexpandadd/sub/mul/div/max/min on A2/A3
/// (verifyTRowExpandImplicitTmpContract): with a tmp, the expanded operand
/// is a col_major per-row scalar column (mode 1), the tmp a vec tile of dst's
/// element type holding at least ceil(dst valid rows / 8) * 256 bytes
/// (7680 from 256 rows, 8192 for a dynamic row count).
/// PTOAS 0.60 (trowexpanddiv, trsqrt): a `precisionType` of high_precision
/// (the pass-through enum `precision`: "div_precision", ...) needs a tmp.
mlir::LogicalResult verifyPrecisionTmp(mlir::Operation *op,
                                       llvm::StringRef precision,
                                       mlir::Value tmp);
mlir::LogicalResult verifyRowExpandTmp(mlir::Operation *op, mlir::Value src0,
                                       mlir::Value src1, mlir::Value tmp,
                                       mlir::Value dst);

/// tcolargmax/tcolargmin (col) and trowargmax/trowargmin: PTOAS's element
/// width, valid-region and (0.60, A2/A3) scratch-width rules.
mlir::LogicalResult verifyArgReduce(mlir::Operation *op, mlir::Value src,
                                    mlir::Value tmp, mlir::Value dst, bool col);

/// The A5 tcvt pairs among them: f32 -> fp8/hif8, f16 -> hif8, bf16 <-> FP4,
/// fp8/hif8 -> f32 (isA5LowPrecisionTCvtPair).
bool isA5LowPrecisionCvt(mlir::Type src, mlir::Type dst);

/// PTOAS's scratch capacity rule: a tmp tile of at least `bytes` bytes
/// (rows * cols * element size; a dynamic or sub-byte tile is not checked).
mlir::LogicalResult verifyTmpCapacity(mlir::Operation *op, mlir::Value tmp,
                                      int64_t bytes, llvm::StringRef why);

/// The given tmp of trems (one dst row: wholeDst false) and txors (the whole
/// dst, row-major) on A2/A3, PTOAS 0.60's rules.
mlir::LogicalResult verifyScalarOpTmp(mlir::Operation *op, mlir::Value tmp,
                                      mlir::Value dst, bool wholeDst);

/// The shared verifier of the ins/outs tile families.
mlir::LogicalResult verifyTileOp(mlir::Operation *op, const TileRules &rules,
                                 std::initializer_list<NamedValue> operands);

enum class MatmulKind { matmul, gemv, mx, gemvMx };
/// tmatmul / tgemv and their acc, bias and mx forms: left x right -> acc.
mlir::LogicalResult verifyMatmul(mlir::Operation *op, MatmulKind kind,
                                 mlir::Value lhs, mlir::Value rhs,
                                 mlir::Value dst, mlir::Value accIn,
                                 mlir::Value bias, mlir::Value lhsScale,
                                 mlir::Value rhsScale);

mlir::LogicalResult verifyAsyncCopy(mlir::Operation *op, mlir::Value dst,
                                    mlir::Value src);
/// get_buf / rls_buf: `[op_type, buf_id(, mode)]` or `"PIPE", buf_id(, mode)`.
mlir::LogicalResult verifyBufToken(mlir::Operation *op, mlir::Attribute opType,
                                   int32_t bufId, int32_t mode);
mlir::ParseResult parseBufToken(mlir::OpAsmParser &p,
                                mlir::OperationState &state);
void printBufToken(mlir::OpAsmPrinter &p, mlir::Operation *op,
                   mlir::Attribute opType, int32_t bufId, int32_t mode);
mlir::LogicalResult verifyFrontendPipeInit(mlir::Operation *op,
                                           KernelKind kernel, int8_t dirMask,
                                           int32_t slotSize);
/// aic/aiv_initialize_pipe's syntax: `{clause = value, ...} (operand = %v : T,
/// ...)` (PTOPipeOps.cpp).
mlir::ParseResult parseFrontendPipeInit(mlir::OpAsmParser &p,
                                        mlir::OperationState &state);
/// set_flag/wait_flag's pipes and events: `<PIPE_MTE2>` or PTOAS 0.60's
/// `"PIPE_MTE2"` (PTOSyncOps.cpp).
mlir::ParseResult parsePipeOrString(mlir::OpAsmParser &p, PipeAttr &attr);
void printPipeOrString(mlir::OpAsmPrinter &p, mlir::Operation *op,
                       PipeAttr attr);
/// The frontend push/pop/free ops' `{split = N}`, or PTOAS 0.60's
/// `{id = I, split = N}` (PTOPipeOps.cpp).
mlir::ParseResult parseSplitClause(mlir::OpAsmParser &p, mlir::IntegerAttr &id,
                                   mlir::IntegerAttr &split);
void printSplitClause(mlir::OpAsmPrinter &p, mlir::Operation *op,
                      mlir::IntegerAttr id, mlir::IntegerAttr split);
mlir::ParseResult parseEventOrString(mlir::OpAsmParser &p, EventAttr &attr);
void printEventOrString(mlir::OpAsmPrinter &p, mlir::Operation *op,
                        EventAttr attr);
void printFrontendPipeInit(mlir::Operation *op, mlir::OpAsmPrinter &p);
/// The split usage of the logical pipe of a frontend init (PTOPipeOps.cpp).
mlir::LogicalResult verifyFrontendPipeSplits(mlir::Operation *init);
mlir::LogicalResult verifyFrontendSplit(mlir::Operation *op, KernelKind kernel,
                                        int64_t split);
mlir::LogicalResult verifyPopFrom(mlir::Operation *op, KernelKind kernel,
                                  mlir::Value validRow, mlir::Value validCol,
                                  mlir::Value tile, int64_t split);
/// A tpush_to_aiv through a pipe whose aic_initialize_pipe has an
/// acc_push_epilogue (PTOAS 0.60's fixpipe): an acc tile of the element type
/// the quantization reads, no split, and the quantization parameter set
/// before it in its block (PTOPipeOps.cpp).
mlir::LogicalResult verifyFixpipePush(mlir::Operation *op, mlir::Value tile,
                                      int64_t split);
/// set_quant_vector's per-channel parameters: a scaling tile of f16, bf16
/// or f32 (A5) or of packed 64-bit integers (A2/A3).
mlir::LogicalResult verifyQuantVectorPayload(mlir::Operation *op,
                                             mlir::Value tile);
enum class PipeRole { push, pop, free };
mlir::LogicalResult verifyPipeUse(mlir::Operation *op, PipeRole role,
                                  mlir::Value tile, mlir::Value pipe,
                                  int64_t split);
/// PTOAS 0.60's `aiv_subblockid(%i)` of a pipe op (absent: success): a
/// split tile, a vec tile entry, and a target of 0.60 or later.
mlir::LogicalResult verifyAivSubblockId(mlir::Operation *op,
                                        mlir::Value subblockId, int64_t split,
                                        mlir::Type entry);

//===--- queries ----------------------------------------------------------===//

inline bool isStatic(int64_t d) { return d != mlir::ShapedType::kDynamic; }
/// Two extents agree unless both are known and differ.
inline bool compatible(int64_t a, int64_t b) {
  return !isStatic(a) || !isStatic(b) || a == b;
}
/// The tile_buf of `v`, or an error at `op` naming the operand `name`.
mlir::FailureOr<TileBufType> tileBuf(mlir::Operation *op, mlir::Value v,
                                     llvm::StringRef name);

/// A tile seen through its type: a tile_buf, or a memref with a
/// #pto.address_space memory space (PTOAS's lowered tile).
struct TileView {
  mlir::Type type;
  mlir::Type elem;
  llvm::SmallVector<int64_t, 2> shape, valid;
  std::optional<AddressSpace> space;
  TileBufType buf; // null for a memref
};
std::optional<TileView> tileView(mlir::Type type);
/// Whether an op works on PTOAS's lowered (memref) form: any memref operand.
bool onMemrefs(mlir::Operation *op);
/// The element type of a tile, view, memref or tensor (null otherwise).
mlir::Type elementTypeOf(mlir::Type type);
llvm::StringRef archName(TargetArch arch);

} // namespace ptonz::pto

#endif // PTONZ_PTO_VERIFY_H
