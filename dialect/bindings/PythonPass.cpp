//===- PythonPass.cpp - ptonz's Python passes in MLIR's pass registry -----===//
//
// One C++ pass class for every Python pass: registered per pass name (one
// TypeID each), with the pass's options created at construction as real
// `Pass::Option`s. Compiled like MLIR itself (no RTTI, no exceptions); the
// pass body is reached through PythonPassHooks (PythonPasses.cpp).
//
//===----------------------------------------------------------------------===//

#include "PythonPass.h"

#include "ptonz/PTO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

using namespace mlir;

namespace ptonz {
namespace {

PythonPassHooks hooks = {nullptr, nullptr};

/// Every definition, never freed: MLIR's registry keeps the pass factories
/// (which point here) until the process exits.
struct Definitions {
  llvm::StringMap<std::unique_ptr<PythonPassDef>> passes;
  llvm::StringMap<std::unique_ptr<PythonPipelineDef>> pipelines;
  std::vector<std::string> order;
  TypeIDAllocator typeIDs;
};

Definitions &definitions() {
  static Definitions *defs = new Definitions();
  return *defs;
}

/// Options created from specs at run time: `Pass::Option<std::string>` for a
/// pass, `PassOptions::Option<std::string>` for a pipeline.
template <typename StringOption> class DynamicOptions {
public:
  template <typename Parent>
  DynamicOptions(Parent &parent, ArrayRef<PythonPassOptionSpec> specs)
      : specs(specs) {
    // ArgStr, HelpStr and ValueStr are StringRefs into `specs`, which live
    // forever.
    for (const PythonPassOptionSpec &spec : specs)
      options.push_back(std::make_unique<StringOption>(
          parent, spec.name, llvm::cl::desc(spec.help),
          llvm::cl::value_desc(spec.valueDesc),
          llvm::cl::init(spec.defaultValue)));
  }

  llvm::SmallVector<PythonPassOptionValue, 4> values() const {
    llvm::SmallVector<PythonPassOptionValue, 4> out;
    for (auto [spec, option] : llvm::zip(specs, options))
      out.push_back({spec.name, option->getValue()});
    return out;
  }

  /// `name=value` if the option `name` was given (not left at its default).
  std::string explicitText(llvm::StringRef name) const {
    for (auto [spec, option] : llvm::zip(specs, options))
      if (spec.name == name && option->hasValue())
        return spec.name + "=" + option->getValue();
    return "";
  }

private:
  ArrayRef<PythonPassOptionSpec> specs;
  std::vector<std::unique_ptr<StringOption>> options;
};

class PythonPass : public Pass {
public:
  explicit PythonPass(const PythonPassDef &def)
      : Pass(def.typeID), def(def), options(*this, def.options) {}

  StringRef getName() const override { return def.name; }
  StringRef getArgument() const override { return def.argument; }
  StringRef getDescription() const override { return def.description; }

  void getDependentDialects(DialectRegistry &registry) const override {
    // The ops ptonz's rewrites build: loaded before the pass manager runs
    // (loading one while passes run is a fatal error).
    registry.insert<arith::ArithDialect, pto::PTODialect>();
  }

  bool canScheduleOn(RegisteredOperationName opName) const override {
    return def.anchors.empty() ||
           llvm::is_contained(def.anchors, opName.getStringRef());
  }

  LogicalResult initializeOptions(
      StringRef text,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Pass::initializeOptions(text, errorHandler)))
      return failure();
    std::string error;
    if (hooks.validate && failed(hooks.validate(def, options.values(), error)))
      return errorHandler(error);
    return success();
  }

protected:
  void runOnOperation() override {
    if (!hooks.run) {
      getOperation()->emitError()
          << def.argument << ": the Python side of ptonz is not loaded";
      return signalPassFailure();
    }
    if (failed(hooks.run(def, getOperation(), options.values())))
      signalPassFailure();
  }

  std::unique_ptr<Pass> clonePass() const override {
    return std::make_unique<PythonPass>(
        def); // Pass::clone copies the option values
  }

private:
  const PythonPassDef &def;
  DynamicOptions<Pass::Option<std::string>> options;
};

using PipelineOptionsBase = mlir::detail::PassOptions;

/// A pipeline's options: the same specs as its passes' options.
class PipelineOptions : public PipelineOptionsBase {
public:
  explicit PipelineOptions(const PythonPipelineDef &def)
      : options(*this, def.options) {}
  DynamicOptions<PipelineOptionsBase::Option<std::string>> options;
};

bool sameOptions(ArrayRef<PythonPassOptionSpec> a,
                 ArrayRef<PythonPassOptionSpec> b) {
  return a.size() == b.size() && llvm::all_of(llvm::zip(a, b), [](auto pair) {
           auto &[x, y] = pair;
           return x.name == y.name;
         });
}

} // namespace

void setPythonPassHooks(PythonPassHooks newHooks) { hooks = newHooks; }

const PythonPassDef *registerPythonPass(PythonPassDef def, std::string &error) {
  Definitions &defs = definitions();
  if (PythonPassDef *existing = lookupPythonPass(def.argument)) {
    if (!sameOptions(existing->options, def.options) ||
        existing->anchors != def.anchors) {
      error = "a ptonz pass named '" + def.argument +
              "' is already registered with other options or anchors";
      return nullptr;
    }
    return existing;
  }
  if (isRegisteredPassOrPipeline(def.argument)) {
    error = "'" + def.argument +
            "' already names a pass or pipeline in MLIR's registry";
    return nullptr;
  }
  def.typeID = defs.typeIDs.allocate();
  auto owned = std::make_unique<PythonPassDef>(std::move(def));
  const PythonPassDef *stored = owned.get();
  defs.order.push_back(stored->argument);
  defs.passes[stored->argument] = std::move(owned);
  registerPass([stored]() -> std::unique_ptr<Pass> {
    return std::make_unique<PythonPass>(*stored);
  });
  return stored;
}

LogicalResult registerPythonPipeline(PythonPipelineDef def,
                                     std::string &error) {
  Definitions &defs = definitions();
  if (defs.pipelines.count(def.argument))
    return success(); // pipelines are re-registered when ptonz is re-imported
  if (isRegisteredPassOrPipeline(def.argument)) {
    error = "'" + def.argument +
            "' already names a pass or pipeline in MLIR's registry";
    return failure();
  }
  for (const std::string &pass : def.passes) {
    if (!PassInfo::lookup(pass)) {
      error = "pipeline '" + def.argument + "' names '" + pass +
              "', which is not a registered pass";
      return failure();
    }
  }
  auto owned = std::make_unique<PythonPipelineDef>(std::move(def));
  const PythonPipelineDef *stored = owned.get();
  defs.order.push_back(stored->argument);
  defs.pipelines[stored->argument] = std::move(owned);
  registerPassPipeline(
      stored->argument, stored->description,
      [stored](OpPassManager &pm, StringRef text,
               function_ref<LogicalResult(const Twine &)> errorHandler)
          -> LogicalResult {
        PipelineOptions options(*stored);
        std::string message;
        llvm::raw_string_ostream os(message);
        if (failed(options.parseFromString(text, os)))
          return errorHandler(message);
        // Each pass gets the pipeline options it has that were given; the
        // others keep their defaults. The registry parses them as it parses
        // `pass{...}` in a pipeline string.
        for (const std::string &pass : stored->passes) {
          const PassInfo *info = PassInfo::lookup(pass);
          const PythonPassDef *passDef = lookupPythonPass(pass);
          std::string forwarded;
          if (passDef) {
            for (const PythonPassOptionSpec &spec : passDef->options) {
              std::string item = options.options.explicitText(spec.name);
              if (!item.empty())
                forwarded += (forwarded.empty() ? "" : " ") + item;
            }
          }
          if (failed(info->addToPipeline(pm, forwarded, errorHandler)))
            return failure();
        }
        return success();
      },
      [stored](function_ref<void(const PipelineOptionsBase &)> optHandler) {
        PipelineOptions options(*stored);
        optHandler(options);
      });
  return success();
}

PythonPassDef *lookupPythonPass(StringRef argument) {
  Definitions &defs = definitions();
  auto it = defs.passes.find(argument);
  return it == defs.passes.end() ? nullptr : it->second.get();
}

std::vector<std::string> pythonPassArguments() { return definitions().order; }

bool isRegisteredPassOrPipeline(StringRef argument) {
  return PassInfo::lookup(argument) || PassPipelineInfo::lookup(argument);
}

void printRegistryHelp(ArrayRef<std::string> arguments) {
  // As mlir-opt's --help: descriptions aligned past the widest option.
  llvm::SmallVector<const PassRegistryEntry *> entries;
  size_t width = 0;
  for (const std::string &arg : arguments) {
    const PassRegistryEntry *entry = PassInfo::lookup(arg);
    if (!entry)
      entry = PassPipelineInfo::lookup(arg);
    if (!entry)
      continue;
    entries.push_back(entry);
    width = std::max(width, std::max(entry->getPassArgument().size() + 4,
                                     entry->getOptionWidth()));
  }
  for (const PassRegistryEntry *entry : entries)
    entry->printHelpStr(/*indent=*/2, /*descIndent=*/width + 8);
  llvm::outs().flush();
}

void printAllRegisteredPasses() {
  mlir::printRegisteredPasses(); // passes only; the registry cannot list
                                 // pipelines
  std::vector<std::string> pipelines;
  for (const std::string &arg : definitions().order)
    if (definitions().pipelines.count(arg))
      pipelines.push_back(arg);
  if (!pipelines.empty()) {
    llvm::outs() << "Pass Pipelines (ptonz's):\n";
    printRegistryHelp(pipelines);
  }
  llvm::outs().flush();
}

} // namespace ptonz
