//===- Builders.h - C++ op builders for the Python rewrite patterns -*- C++ -*-===//
#ifndef PTONZ_BINDINGS_BUILDERS_H
#define PTONZ_BINDINGS_BUILDERS_H

#include "mlir/Bindings/Python/Nanobind.h"

namespace ptonz {
/// Adds IndexConstants and the build_* / query helpers to the `_ptonz` module.
void populateBuilders(nanobind::module_ &m);
} // namespace ptonz

#endif // PTONZ_BINDINGS_BUILDERS_H
