//===- PythonPass.h - ptonz's Python passes in MLIR's pass registry -*- C++
//-*-===//
//
// A ptonz pass is Python code (rewrite patterns); to MLIR it is a registered
// pass like any other: `PythonPass` (PythonPass.cpp) has the pass's argument,
// description and options (real `Pass::Option`s, so textual pipelines parse,
// print and list them), may be scheduled on the ops the pass declares, and
// runs its body through `PythonPassHooks`. This header has no Python: the
// pass class is compiled like MLIR (no RTTI); the hooks, which call into the
// interpreter, live in PythonPasses.cpp (the nanobind module).
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_BINDINGS_PYTHONPASS_H
#define PTONZ_BINDINGS_PYTHONPASS_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "mlir/Support/TypeID.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ptonz {

/// One option of a pass or pipeline: an MLIR string option, whose value the
/// pass's Python side parses and checks (`PythonPassHooks::validate`), so
/// that every option error, whatever its type, reaches the pipeline parser's
/// caller as one message.
struct PythonPassOptionSpec {
  std::string name;
  std::string help;
  std::string valueDesc; // in --help: `--name=<valueDesc>`
  /// The value a new pass instance starts with. ptonz-opt's --ptoas-version
  /// and friends change it for the process.
  std::string defaultValue;
};

/// The value of one option of one pass instance.
struct PythonPassOptionValue {
  llvm::StringRef name;
  llvm::StringRef value;
};

struct PythonPassDef;

/// The Python side of every Python pass (set once by the `_ptonz` module).
struct PythonPassHooks {
  /// Runs `def`'s body on `op`. Failure fails the pass; the hook has emitted
  /// a located error.
  mlir::LogicalResult (*run)(const PythonPassDef &def, mlir::Operation *op,
                             llvm::ArrayRef<PythonPassOptionValue> options);
  /// Checks option values once MLIR has parsed them; failure sets `error`.
  mlir::LogicalResult (*validate)(const PythonPassDef &def,
                                  llvm::ArrayRef<PythonPassOptionValue> options,
                                  std::string &error);
};

/// A registered Python pass. Definitions live until the process exits, as
/// MLIR's registry does (they hold no Python object).
struct PythonPassDef {
  std::string argument;
  std::string name; // the Python class name (timing reports, crash reproducers)
  std::string description;
  /// Op names the pass may be scheduled on; empty: any op.
  std::vector<std::string> anchors;
  std::vector<PythonPassOptionSpec> options;
  mlir::TypeID typeID;
};

/// A registered pipeline of passes (each registered already). An option of
/// the pipeline is forwarded, when given, to every element pass that has an
/// option of that name.
struct PythonPipelineDef {
  std::string argument;
  std::string description;
  std::vector<std::string> passes;
  std::vector<PythonPassOptionSpec> options;
};

/// Sets the hooks every Python pass runs through.
void setPythonPassHooks(PythonPassHooks hooks);

/// Registers a pass in MLIR's pass registry under `def.argument` (a TypeID is
/// allocated here). Registering the same argument again with the same
/// options returns the existing definition; with different ones, fails.
const PythonPassDef *registerPythonPass(PythonPassDef def, std::string &error);

/// Registers a pipeline in MLIR's pass registry.
mlir::LogicalResult registerPythonPipeline(PythonPipelineDef def,
                                           std::string &error);

/// The definition registered under `argument`, or null.
PythonPassDef *lookupPythonPass(llvm::StringRef argument);

/// Arguments of the Python passes and pipelines, in registration order.
std::vector<std::string> pythonPassArguments();

/// Whether `argument` names a pass or pipeline in MLIR's registry (any).
bool isRegisteredPassOrPipeline(llvm::StringRef argument);

/// Prints the registry's help for `arguments` (passes or pipelines), as
/// mlir-opt --help does, to llvm::outs(); or every registered pass.
void printRegistryHelp(llvm::ArrayRef<std::string> arguments);
void printAllRegisteredPasses();

} // namespace ptonz

#endif // PTONZ_BINDINGS_PYTHONPASS_H
