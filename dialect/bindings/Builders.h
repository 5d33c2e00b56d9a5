//===- Builders.h - C++ op builders for the Python rewrite patterns -*- C++ -*-===//
#ifndef PTONZ_BINDINGS_BUILDERS_H
#define PTONZ_BINDINGS_BUILDERS_H

#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/IR/Value.h"
#include "ptonz/IntRanges.h" // constantOf
#include "ptonz/PTO.h"

#include <string>
#include <vector>

#include <optional>

namespace ptonz {
/// Adds IndexConstants and the build_* / query helpers to the `_ptonz` module.
void populateBuilders(nanobind::module_ &m);

/// Adds IntRanges (MLIR's integer range analysis, run once per function).
void populateIntRanges(nanobind::module_ &m);

/// 'nd' | 'dn' | 'nz' of a pto.make_tensor_view (its attribute, else its
/// view type's layout parameter), "" if it has none.
std::string layoutOf(pto::MakeTensorViewOp op);

/// Each dimension of a pto.make_tensor_view: its constant shape operand, else
/// the static dim of its type, else nullopt (analyses.ir_queries.dims_of).
std::vector<std::optional<int64_t>> viewExtents(pto::MakeTensorViewOp op);
} // namespace ptonz

#endif // PTONZ_BINDINGS_BUILDERS_H
