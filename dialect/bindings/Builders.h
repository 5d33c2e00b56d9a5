//===- Builders.h - C++ op builders for the Python rewrite patterns -*- C++
//-*-===//
#ifndef PTONZ_BINDINGS_BUILDERS_H
#define PTONZ_BINDINGS_BUILDERS_H

#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/IR/Value.h"
#include "ptonz/Common.h" // constantOf
#include "ptonz/PTO.h"

#include <string>
#include <vector>

#include <memory>
#include <optional>
#include <utility>

struct FunctionIntRanges; // bindings/IntRanges.cpp

namespace ptonz {
/// Adds IndexConstants and the build_* / query helpers to the `_ptonz` module.
void populateBuilders(nanobind::module_ &m);

/// SSA value names (MLIR's NameLoc mechanism). The parser keeps the input's
/// names as NameLocs wrapping each op's (or block argument's) location, and
/// the printer (OpPrintingFlags::printNameLocAsPrefix) prints them as SSA
/// names; values the passes create get a NameLoc saying what they are.

/// `loc` without its outer NameLoc wrappers (what a new op built at an
/// existing op's location starts from: it must not take that op's name).
mlir::Location unnamed(mlir::Location loc);

/// NameLoc(name, unnamed(loc)); unnamed(loc) if `name` is empty.
mlir::Location named(mlir::Location loc, llvm::StringRef name);

/// The name a value prints with under printNameLocAsPrefix (the first
/// NameLoc in its location: its op's for a result, its own for a block
/// argument), "" if it has none.
std::string nameOf(mlir::Value value);

/// Give `value` the name `name`: its op's location (a result; the op's other
/// results print as `%name#k`) or its own (a block argument) becomes
/// named(location, name).
void setName(mlir::Value value, llvm::StringRef name);

/// `base` + `suffix`, where `base` is nameOf(value), else `fallback`; "" if
/// both are empty (the value then prints numbered).
std::string derivedName(mlir::Value value, llvm::StringRef suffix,
                        llvm::StringRef fallback = "");

/// Adds IntRanges (MLIR's integer range analysis, run once per function).
void populateIntRanges(nanobind::module_ &m);

/// One query of `_ptonz.scan`, which answers several from one walk (a walk
/// of a large module is mostly cache misses): visit(op) for each op in
/// post-order, then result().
class Collector {
public:
  virtual ~Collector() = default;
  virtual void visit(mlir::Operation *op) = 0;
  virtual nanobind::object result() = 0;
};

/// scan's ('view_partition_verdicts', ranges, nz, undecided, dynamic_sizes)
/// query: `IntRanges.view_partition_verdicts` (IntRanges.cpp).
std::unique_ptr<Collector> viewVerdictsCollector(nanobind::handle ranges,
                                                 bool nz, bool undecided,
                                                 bool dynamicSizes);

/// The range and alignment analyses of a `_ptonz.IntRanges` object
/// (IntRanges.cpp), for the queries that answer per class of views.
FunctionIntRanges &functionIntRanges(nanobind::handle ranges);
/// Alignment::log2Multiple of `value` (memoised), and as Python has it
/// (`IntRanges.alignment`: an int, inf for 0).
unsigned log2Multiple(FunctionIntRanges &r, mlir::Value value);
/// Whether the range of `value` at its own width is non-negative (the sign
/// half of `IntRanges.prove`).
bool provenNonNegative(FunctionIntRanges &r, mlir::Value value);
nanobind::object alignmentToPy(unsigned log2Multiple);
/// `IntRanges.partition_verdicts(view, extents, undecided=True)` of one
/// pto.partition_view: its dimensions [(dim, OUTSIDE | UNDECIDED)].
std::vector<std::pair<int64_t, int>>
undecidedOrOutside(FunctionIntRanges &r, mlir::Operation *partition,
                   const std::vector<std::optional<int64_t>> &extents);

/// 'nd' | 'dn' | 'nz' of a pto.make_tensor_view (its attribute, else its
/// view type's layout parameter), "" if it has none.
std::string layoutOf(pto::MakeTensorViewOp op);

/// Each dimension of a pto.make_tensor_view: its constant shape operand, else
/// the static dim of its type, else nullopt (analyses.ir_queries.dims_of).
std::vector<std::optional<int64_t>> viewExtents(pto::MakeTensorViewOp op);
} // namespace ptonz

#endif // PTONZ_BINDINGS_BUILDERS_H
