//===- PythonPasses.cpp - Python side of ptonz's registered passes --------===//
//
// The `_ptonz` functions that register ptonz's Python passes in MLIR's pass
// registry (PythonPass.h), and the hooks through which those passes call
// into the interpreter: `ptonz.passes.registration` hands over one run and
// one validate dispatcher; every pass instance calls them with its argument.
//
// Threading: a pass body is Python, so it runs only on a thread that holds
// the GIL -- the thread that called `PassManager.run` (the bindings keep the
// GIL for the whole run). MLIR's worker threads cannot take it (the runner
// holds it while waiting for them), so a ptonz pass nested under another op
// in a context with multithreading enabled fails, with a located error that
// says how to run it, instead of deadlocking. Bodies never overlap: one
// process-wide (recursive) mutex is held around every call, waited for with
// the GIL released.
//
// Lifetime: MLIR's registry keeps the pass factories until the process
// exits, long after the interpreter is gone; the only Python objects held
// here are the two dispatchers, dropped by `release_pass_handlers` (an
// atexit handler), after which a pass fails instead of calling Python.
//
//===----------------------------------------------------------------------===//

#include "PythonPass.h"

#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"
#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <mutex>

namespace nb = nanobind;
using namespace mlir::python::nanobind_adaptors;

namespace {

/// (name, value description, default, help)
using OptionTuple =
    std::tuple<std::string, std::string, std::string, std::string>;

PyObject *runHandler = nullptr;
PyObject *validateHandler = nullptr;
std::recursive_mutex passBodyMutex;

nb::dict optionDict(llvm::ArrayRef<ptonz::PythonPassOptionValue> values) {
  nb::dict out;
  for (const auto &v : values)
    out[nb::str(v.name.data(), v.name.size())] =
        nb::str(v.value.data(), v.value.size());
  return out;
}

/// "TypeName: message", without the traceback nanobind's what() appends.
std::string describe(const nb::python_error &e) {
  try {
    std::string type = nb::cast<std::string>(nb::getattr(e.type(), "__name__"));
    std::string message = nb::cast<std::string>(nb::str(e.value()));
    return message.empty() ? type : type + ": " + message;
  } catch (...) {
    return e.what();
  }
}

bool interpreterGone() { return !runHandler || !Py_IsInitialized(); }

mlir::LogicalResult
runPass(const ptonz::PythonPassDef &def, mlir::Operation *op,
        llvm::ArrayRef<ptonz::PythonPassOptionValue> options) {
  if (interpreterGone())
    return op->emitError()
           << def.argument
           << ": the Python interpreter is shutting down; ptonz passes no "
              "longer run";
  bool onWorker = !PyGILState_Check();
  if (onWorker ||
      (op->getContext()->isMultithreadingEnabled() && op->getParentOp()))
    return op->emitError()
           << def.argument
           << ": ptonz passes are Python code and cannot run on MLIR's worker "
           << "threads (PassManager.run holds the GIL while they run), and "
              "this one is nested "
           << "under '" << op->getName()
           << "' in a context with multithreading enabled: call "
           << "`context.enable_multithreading(False)` before running the pass "
              "manager (ptonz-opt "
           << "does), or schedule the pass on builtin.module, where it "
              "processes every function";

  std::unique_lock<std::recursive_mutex> lock(passBodyMutex, std::try_to_lock);
  if (!lock.owns_lock()) {
    // Another Python thread is inside a pass body: wait without the GIL.
    nb::gil_scoped_release release;
    lock.lock();
  }
  try {
    nb::object result = nb::borrow(runHandler)(
        nb::str(def.argument.c_str()), nb::cast(wrap(op)), optionDict(options));
    return mlir::success(PyObject_IsTrue(result.ptr()) == 1);
  } catch (nb::python_error &e) {
    return op->emitError() << def.argument
                           << ": internal error: " << describe(e);
  } catch (const std::exception &e) {
    return op->emitError() << def.argument << ": internal error: " << e.what();
  }
}

mlir::LogicalResult
validateOptions(const ptonz::PythonPassDef &def,
                llvm::ArrayRef<ptonz::PythonPassOptionValue> options,
                std::string &error) {
  if (!validateHandler || !Py_IsInitialized()) {
    error = def.argument + ": the Python interpreter is shutting down";
    return mlir::failure();
  }
  nb::gil_scoped_acquire gil;
  try {
    nb::object result = nb::borrow(validateHandler)(
        nb::str(def.argument.c_str()), optionDict(options));
    if (result.is_none())
      return mlir::success();
    error = nb::cast<std::string>(nb::str(result));
  } catch (nb::python_error &e) {
    error = def.argument +
            ": internal error while checking options: " + describe(e);
  }
  return mlir::failure();
}

std::vector<ptonz::PythonPassOptionSpec>
specsOf(const std::vector<OptionTuple> &options) {
  std::vector<ptonz::PythonPassOptionSpec> specs;
  for (const auto &[name, valueDesc, defaultValue, help] : options)
    specs.push_back({name, help, valueDesc, defaultValue});
  return specs;
}

} // namespace

namespace ptonz {

void populatePythonPasses(nb::module_ &m) {
  m.def(
      "set_pass_handlers",
      [](nb::callable run, nb::callable validate) {
        Py_XDECREF(runHandler);
        Py_XDECREF(validateHandler);
        runHandler = run.release().ptr();
        validateHandler = validate.release().ptr();
        setPythonPassHooks({runPass, validateOptions});
      },
      nb::arg("run"), nb::arg("validate"),
      "Set the dispatchers every registered Python pass calls: run(argument, "
      "op, options) -> "
      "bool (False: the pass failed, errors emitted) and validate(argument, "
      "options) -> None or "
      "an error message.");
  m.def(
      "release_pass_handlers",
      []() {
        Py_CLEAR(runHandler);
        Py_CLEAR(validateHandler);
      },
      "Drop the dispatchers (at interpreter exit); Python passes then fail "
      "instead of running.");
  m.def(
      "register_pass",
      [](const std::string &argument, const std::string &name,
         const std::string &description,
         const std::vector<std::string> &anchors,
         const std::vector<OptionTuple> &options) {
        std::string error;
        PythonPassDef def;
        def.argument = argument;
        def.name = name;
        def.description = description;
        def.anchors = anchors;
        def.options = specsOf(options);
        if (!registerPythonPass(std::move(def), error))
          throw nb::value_error(error.c_str());
      },
      nb::arg("argument"), nb::arg("name"), nb::arg("description"),
      nb::arg("anchors"), nb::arg("options"),
      "Register a Python pass in MLIR's pass registry. `anchors`: op names it "
      "may be scheduled "
      "on (empty: any); `options`: (name, value description, default text, "
      "help). Idempotent.");
  m.def(
      "register_pipeline",
      [](const std::string &argument, const std::string &description,
         const std::vector<std::string> &passes,
         const std::vector<OptionTuple> &options) {
        std::string error;
        PythonPipelineDef def{argument, description, passes, specsOf(options)};
        if (failed(registerPythonPipeline(std::move(def), error)))
          throw nb::value_error(error.c_str());
      },
      nb::arg("argument"), nb::arg("description"), nb::arg("passes"),
      nb::arg("options"),
      "Register a pipeline of registered passes; an option given to it goes to "
      "every pass "
      "with an option of that name.");
  m.def(
      "set_pass_option_default",
      [](const std::string &argument, const std::string &option,
         const std::string &value) {
        PythonPassDef *def = lookupPythonPass(argument);
        if (!def)
          throw nb::key_error(
              ("no ptonz pass named '" + argument + "'").c_str());
        for (PythonPassOptionSpec &spec : def->options) {
          if (spec.name == option) {
            std::string old = spec.defaultValue;
            spec.defaultValue = value;
            return old;
          }
        }
        throw nb::key_error(
            ("pass '" + argument + "' has no option '" + option + "'").c_str());
      },
      nb::arg("argument"), nb::arg("option"), nb::arg("value"),
      "Set the value an option of a Python pass starts with in pass instances "
      "created from now "
      "on (text, as in a pipeline); returns the previous default.");
  m.def("python_pass_arguments", &pythonPassArguments,
        "Arguments of the registered Python passes and pipelines, in "
        "registration order.");
  m.def(
      "is_registered_pass",
      [](const std::string &argument) {
        return isRegisteredPassOrPipeline(argument);
      },
      nb::arg("argument"),
      "Whether MLIR's pass registry has a pass or pipeline of this name.");
  m.def(
      "print_pass_help",
      [](const std::vector<std::string> &arguments) {
        printRegistryHelp(arguments);
      },
      nb::arg("arguments"),
      "Print the registry's help (description, options) of these passes or "
      "pipelines to the "
      "process's stdout, as mlir-opt --help does.");
  m.def(
      "print_registered_passes", []() { printAllRegisteredPasses(); },
      "Print every pass and pipeline in MLIR's registry, with options, to "
      "stdout.");
}

} // namespace ptonz
