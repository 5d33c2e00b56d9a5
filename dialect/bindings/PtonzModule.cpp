//===- PtonzModule.cpp - the `_ptonz` Python extension
//----------------------===//
//
// Registers the dialects into the bindings' global registry, defines typed
// Python views of the custom types (mlir_type_subclass: casting constructor,
// `isinstance`, field properties, automatic downcast of `Value.type`), and a
// few helpers the Python bindings lack: parsing with a source file name,
// diagnostics with notes, and a fast op collector for the passes.
//
//===----------------------------------------------------------------------===//

#include "Builders.h"
#include "ptonz/CAPI.h"
#include "ptonz/PTOBase.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/RegisterEverything.h"
#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
using namespace mlir::python::nanobind_adaptors;

namespace ptonz {
void populatePythonPasses(nb::module_ &m); // PythonPasses.cpp
} // namespace ptonz

/// Every upstream pass in MLIR's pass registry, once per process.
static void registerUpstreamPasses() {
  static bool registered = (mlirRegisterAllPasses(), true);
  (void)registered;
}

static std::string str(MlirStringRef s) {
  return std::string(s.data, s.length);
}
static MlirStringRef ref(const std::string &s) {
  return mlirStringRefCreate(s.data(), s.size());
}

static std::vector<int64_t> shapeOf(MlirType t) {
  std::vector<int64_t> out;
  for (intptr_t i = 0, e = ptonzShapedGetRank(t); i < e; ++i)
    out.push_back(ptonzShapedGetDim(t, i));
  return out;
}

static MlirType checked(MlirType t, const char *what) {
  if (mlirTypeIsNull(t))
    throw nb::value_error(
        (std::string("invalid ") + what + " parameters").c_str());
  return t;
}

template <typename Cls> static void addShapedAccessors(Cls &cls) {
  cls.def_property_readonly(
      "shape", [](MlirType t) { return shapeOf(t); },
      "dimensions; dynamic ones are ShapedType.get_dynamic_size()");
  cls.def_property_readonly("rank",
                            [](MlirType t) { return ptonzShapedGetRank(t); });
  cls.def_property_readonly(
      "element_type", [](MlirType t) { return ptonzShapedGetElementType(t); });
}

/// The SSA name written at `range` (`%name`, `%8`), without the `%`.
static llvm::StringRef writtenName(llvm::SMRange range) {
  if (!range.isValid())
    return {};
  llvm::StringRef text(range.Start.getPointer(),
                       range.End.getPointer() - range.Start.getPointer());
  text = text.trim();
  if (!text.consume_front("%"))
    return {};
  return text;
}

/// Whether `loc` already carries a source name in one of the forms PTOAS
/// reads (a NameLoc, a FusedLoc whose metadata is a string or an array of
/// strings, either through a CallSiteLoc): the input was printed with its
/// locations (ptonz's own output, -mlir-print-debuginfo), and its names stay.
static bool hasSourceName(mlir::Location loc) {
  if (llvm::isa<mlir::NameLoc>(loc))
    return true;
  if (auto fused = llvm::dyn_cast<mlir::FusedLoc>(loc)) {
    mlir::Attribute meta = fused.getMetadata();
    if (llvm::isa_and_nonnull<mlir::StringAttr>(meta))
      return true;
    if (auto names = llvm::dyn_cast_or_null<mlir::ArrayAttr>(meta))
      return llvm::any_of(names, [](mlir::Attribute a) {
        return llvm::isa<mlir::StringAttr>(a);
      });
    return false;
  }
  if (auto call = llvm::dyn_cast<mlir::CallSiteLoc>(loc))
    return hasSourceName(call.getCallee()) || hasSourceName(call.getCaller());
  return false;
}

/// `loc` with the source names `names` of the values it defines, in the
/// forms PTOAS 0.60 reads its `// pto: %name` provenance comments from
/// (tools/ptoas: a NameLoc for one name, a FusedLoc with the names as
/// metadata for several), so that ptoas names ptonz's print as it names the
/// input. One name that is an identifier is a NameLoc, which the printer's
/// printNameLocAsPrefix also prints as the SSA name (`%acc`); a numbered
/// name (`%8`) is a FusedLoc with the name as string metadata, because the
/// printer would spell a NameLoc "8" as `%_8`: such values print numbered,
/// as MLIR numbers them, and keep "8" in their location.
static mlir::Location withSourceNames(mlir::Location loc,
                                      llvm::ArrayRef<std::string> names) {
  mlir::MLIRContext *context = loc->getContext();
  auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
  if (names.size() == 1 && !llvm::all_of(names.front(), isDigit))
    return mlir::NameLoc::get(mlir::StringAttr::get(context, names.front()),
                              loc);
  if (names.size() == 1)
    return mlir::FusedLoc::get(context, {loc},
                               mlir::StringAttr::get(context, names.front()));
  llvm::SmallVector<mlir::Attribute> attrs;
  for (const std::string &name : names)
    attrs.push_back(mlir::StringAttr::get(context, name));
  return mlir::FusedLoc::get(context, {loc},
                             mlir::ArrayAttr::get(context, attrs));
}

/// What mlir-opt's proposed --mlir-retain-identifier-names does (MLIR 22's
/// parser has no such option), in PTOAS's reading of names: from the
/// parser's record of every definition (AsmParserState, the MLIR LSP
/// server's source of truth), wrap the location of each op whose results
/// the input names, and of each named block argument, in those names
/// (withSourceNames), and of each op whose results it leaves unnamed in an
/// empty NameLoc. A result group of several values (`%r:2`) names them
/// `r#0`, `r#1`, as PTOAS does. The file position stays the innermost
/// location, so diagnostics still point at file:line:col.
static void retainIdentifierNames(const mlir::AsmParserState &state) {
  for (const auto &def : state.getOpDefs()) {
    mlir::Operation *op = def.op;
    unsigned numResults = op->getNumResults();
    if (numResults == 0 || hasSourceName(op->getLoc()))
      continue;
    if (def.resultGroups.empty()) {
      // The input leaves the results unnamed (`func.call @f()` of an unused
      // result): an empty NameLoc says so, and keeps the number the printer
      // gives them from becoming a name when ptonz reads its print again.
      op->setLoc(mlir::NameLoc::get(mlir::StringAttr::get(op->getContext(), ""),
                                    op->getLoc()));
      continue;
    }
    llvm::SmallVector<std::string> names;
    for (auto [g, group] : llvm::enumerate(def.resultGroups)) {
      llvm::StringRef name = writtenName(group.definition.loc);
      unsigned end = g + 1 == def.resultGroups.size()
                         ? numResults
                         : def.resultGroups[g + 1].startIndex;
      if (name.empty() || group.startIndex >= end)
        continue;
      if (end - group.startIndex == 1) {
        names.push_back(name.str());
        continue;
      }
      for (unsigned i = group.startIndex; i < end; ++i)
        names.push_back((name + "#" + llvm::Twine(i - group.startIndex)).str());
    }
    if (names.size() > numResults)
      names.resize(numResults);
    if (!names.empty())
      op->setLoc(withSourceNames(op->getLoc(), names));
  }
  for (const auto &def : state.getBlockDefs()) {
    if (!def.block)
      continue;
    for (auto [i, arg] : llvm::enumerate(def.arguments)) {
      if (i >= def.block->getNumArguments())
        break;
      llvm::StringRef name = writtenName(arg.loc);
      mlir::BlockArgument value = def.block->getArgument(i);
      if (name.empty() || hasSourceName(value.getLoc()))
        continue;
      value.setLoc(withSourceNames(value.getLoc(), {name.str()}));
    }
  }
}

NB_MODULE(_ptonz, m) {
  m.doc() = "ptonz dialect plugin: pto and pl dialects, typed types, helpers";

  m.def(
      "register_dialects",
      [](MlirDialectRegistry registry) {
        mlirDialectHandleInsertDialect(mlirGetDialectHandle__pto__(), registry);
        mlirDialectHandleInsertDialect(mlirGetDialectHandle__pl__(), registry);
      },
      nb::arg("registry"),
      "Insert the pto and pl dialects into a DialectRegistry.");

  // What the bindings' _mlirRegisterEverything module does on import (every
  // upstream dialect, every upstream pass), without loading that module:
  // ptonz-opt's start-up (python/ptonz/_startup.py), which registers the
  // passes only when a pipeline may name one. Passes once per process.
  m.def(
      "register_upstream",
      [](MlirDialectRegistry registry, bool passes) {
        mlirRegisterAllDialects(registry);
        if (passes)
          registerUpstreamPasses();
      },
      nb::arg("registry"), nb::arg("passes") = true,
      "Insert every upstream dialect into a DialectRegistry and (with "
      "`passes`) register every upstream pass (as _mlirRegisterEverything "
      "does on import).");
  m.def("register_upstream_passes", &registerUpstreamPasses,
        "Register every upstream pass in MLIR's pass registry (once per "
        "process; later calls do nothing).");

  m.def(
      "parse_source",
      [](MlirContext ctx, const std::string &text, const std::string &filename,
         bool retainNames) -> std::optional<MlirModule> {
        mlir::MLIRContext *context = unwrap(ctx);
        mlir::ParserConfig config(context);
        if (!retainNames) {
          mlir::OwningOpRef<mlir::ModuleOp> mod =
              mlir::parseSourceString<mlir::ModuleOp>(text, config, filename);
          if (!mod)
            return std::nullopt;
          return wrap(mod.release());
        }
        // parseSourceString<ModuleOp>, with the parser's definitions recorded.
        llvm::SourceMgr sourceMgr;
        sourceMgr.AddNewSourceBuffer(
            llvm::MemoryBuffer::getMemBuffer(text, filename,
                                             /*RequiresNullTerminator=*/false),
            llvm::SMLoc());
        mlir::Block block;
        mlir::AsmParserState state;
        if (mlir::failed(
                mlir::parseAsmSourceFile(sourceMgr, &block, config, &state)))
          return std::nullopt;
        retainIdentifierNames(state);
        mlir::OwningOpRef<mlir::ModuleOp> mod =
            mlir::detail::constructContainerOpForParserIfNecessary<
                mlir::ModuleOp>(
                &block, context,
                mlir::FileLineColLoc::get(context, filename, 0, 0));
        if (!mod)
          return std::nullopt;
        return wrap(mod.release());
      },
      nb::arg("context"), nb::arg("text"), nb::arg("filename"),
      nb::arg("retain_names") = true,
      "Parse (and verify) a module; locations carry `filename`. With "
      "`retain_names`, every "
      "SSA value (and block argument) the text names keeps its name as a "
      "NameLoc around its "
      "location (see print_asm). Diagnostics go to the context's handlers; "
      "returns None on "
      "failure.");

  m.def(
      "print_asm",
      [](MlirOperation op, bool generic, bool debugInfo, bool names) {
        // The bindings print through an unbuffered callback stream (one
        // Python call per token); this prints into one buffer instead.
        mlir::OpPrintingFlags flags;
        flags.assumeVerified();
        if (generic)
          flags.printGenericOpForm();
        if (debugInfo)
          flags.enableDebugInfo();
        // SSA names from NameLocs (mlir-opt --mlir-use-nameloc-as-prefix).
        flags.printNameLocAsPrefix(names);
        std::string out;
        llvm::raw_string_ostream os(out);
        // raw_string_ostream is unbuffered: every token would be a
        // std::string append through a virtual write_impl.
        os.SetBufferSize(1 << 16);
        unwrap(op)->print(os, flags);
        os.flush();
        return nb::str(out.data(), out.size());
      },
      nb::arg("op"), nb::arg("generic") = false, nb::arg("debug_info") = false,
      nb::arg("names") = true,
      "The textual form of `op` (as Operation.print(assume_verified=True)), as "
      "one string; "
      "with `names`, each value whose location has a NameLoc prints as %<that "
      "name> "
      "(Operation.print(use_name_loc_as_prefix=True)).");

  m.def(
      "emit_diagnostic",
      [](MlirLocation loc, const std::string &severity,
         const std::string &message,
         const std::vector<std::pair<MlirLocation, std::string>> &notes) {
        mlir::Location l = unwrap(loc);
        mlir::InFlightDiagnostic d =
            severity == "warning"  ? mlir::emitWarning(l)
            : severity == "remark" ? mlir::emitRemark(l)
                                   : mlir::emitError(l);
        d << message;
        for (const auto &[nloc, nmsg] : notes)
          d.attachNote(unwrap(nloc)) << nmsg;
      },
      nb::arg("location"), nb::arg("severity"), nb::arg("message"),
      nb::arg("notes") = std::vector<std::pair<MlirLocation, std::string>>{},
      "Emit an error/warning/remark with attached notes (location, message).");

  m.def(
      "collect_ops",
      [](MlirOperation root, const std::vector<std::string> &names,
         std::optional<std::string> attribute) {
        // Compare interned OperationNames, not strings: hashing every op's
        // name made this walk the passes' most frequent cost.
        mlir::MLIRContext *ctx = unwrap(root)->getContext();
        llvm::SmallVector<mlir::OperationName> wanted;
        for (const auto &n : names)
          wanted.push_back(mlir::OperationName(n, ctx));
        mlir::StringAttr attr = attribute
                                    ? mlir::StringAttr::get(ctx, *attribute)
                                    : mlir::StringAttr();
        std::vector<MlirOperation> out;
        unwrap(root)->walk([&](mlir::Operation *op) {
          if (llvm::is_contained(wanted, op->getName()) &&
              (!attr || op->hasAttr(attr)))
            out.push_back(wrap(op));
        });
        return out;
      },
      nb::arg("root"), nb::arg("names"),
      nb::arg("attribute").none() = nb::none(),
      "All operations under `root` (post-order walk) named in `names` (with "
      "`attribute`: only those that carry that attribute).");

  m.def(
      "functions",
      [](MlirOperation root) {
        // collect_ops(root, ["func.func"]) without walking into the
        // functions' bodies (nearly all of a module's ops).
        mlir::OperationName func("func.func", unwrap(root)->getContext());
        std::vector<MlirOperation> out;
        unwrap(root)->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
          if (op->getName() != func)
            return mlir::WalkResult::advance();
          out.push_back(wrap(op));
          return mlir::WalkResult::skip();
        });
        return out;
      },
      nb::arg("root"),
      "The func.func ops under `root` (itself if it is one), in pre-order, not "
      "looking "
      "inside functions (a func.func nested in another is not listed).");

  m.attr("DYNAMIC") = ptonzDynamicDim();
  m.attr("NZ_BLOCKED_MARK") =
      ptonz::pto::PTODialect::kNzTensorViewsBlockedAttrName.str();
  m.attr("MX_BLOCKED_MARK") =
      ptonz::pto::PTODialect::kMxTensorViewsBlockedAttrName.str();
  ptonz::populateBuilders(m);
  ptonz::populatePythonPasses(m);
  ptonz::populateIntRanges(m);

  m.def(
      "constant_int",
      [](MlirValue value) { return ptonz::constantOf(unwrap(value)); },
      nb::arg("value"),
      "The value of an integer/index arith.constant, else None: one "
      "call instead of several binding calls on the passes' hottest query.");

  m.def(
      "element_bits",
      [](MlirType type) { return ptonz::pto::elementBits(unwrap(type)); },
      nb::arg("type"),
      "Storage bits of one element as the pto dialect counts them (integers, "
      "floats and "
      "PTOAS 0.60's scalar types: `!pto.f8E8M0` is 8, a packed FP4 pair 8), 0 "
      "for any "
      "other type.");

  m.def(
      "element_value_bits",
      [](MlirType type) { return ptonz::pto::elementValueBits(unwrap(type)); },
      nb::arg("type"),
      "Bits of one value of an element: element_bits, halved for PTOAS's "
      "packed pairs (a packed FP4 pair: 4), 0 for any other type.");

  m.def(
      "replace_type",
      [](MlirOperation op, MlirType from, MlirType to) {
        mlir::Type f = unwrap(from), t = unwrap(to);
        mlir::AttrTypeReplacer replacer;
        replacer.addReplacement(
            [f, t](mlir::Type type) -> std::optional<mlir::Type> {
              if (type == f)
                return t;
              return std::nullopt;
            });
        replacer.recursivelyReplaceElementsIn(unwrap(op), /*replaceAttrs=*/true,
                                              /*replaceLocs=*/false,
                                              /*replaceTypes=*/true);
      },
      nb::arg("op"), nb::arg("from_type"), nb::arg("to_type"),
      "Replace the type `from_type` by `to_type` everywhere in `op` and what "
      "it holds: "
      "inside other types (`!pto.ptr<T>`, views, tiles, function types), in "
      "result "
      "types, block arguments and attributes (MLIR's AttrTypeReplacer).");

  m.def(
      "multithreading_enabled",
      [](MlirContext ctx) { return unwrap(ctx)->isMultithreadingEnabled(); },
      nb::arg("context"),
      "Whether the context runs work on its thread pool (the bindings have "
      "only the setter, Context.enable_multithreading).");

  m.def(
      "set_print_op_on_diagnostic",
      [](MlirContext ctx, bool enable) {
        unwrap(ctx)->printOpOnDiagnostic(enable);
      },
      nb::arg("context"), nb::arg("enable"),
      "Whether diagnostics on an op get a 'see current operation' note "
      "(mlir-opt turns "
      "it off under --verify-diagnostics).");

  m.def(
      "set_ptoas_target",
      [](MlirContext ctx, const std::string &arch, const std::string &level,
         std::optional<std::pair<int, int>> version,
         std::optional<std::string> backend) {
        const std::string backendName = backend ? *backend : std::string();
        if (!ptonzPTOSetTarget(ctx, ref(arch), ref(level),
                               version ? version->first : -1,
                               version ? version->second : 0, ref(backendName)))
          throw nb::value_error(
              "PTOAS target: arch must be a3 or a5, level level1, level2 or "
              "level3, backend emitc or vpto");
      },
      nb::arg("context"), nb::arg("arch"), nb::arg("level"),
      nb::arg("version").none() = nb::none(),
      nb::arg("backend").none() = nb::none(),
      "The PTOAS target the pto verifiers check in `context`, as ptoas's "
      "--pto-arch and --pto-level, the PTOAS release, (major, minor) "
      "(None: unchanged), and the backend as ptoas's --pto-backend "
      "(emitc|vpto; None: not given, so a module's pto.backend attribute, "
      "else the default, decides): op rules that changed between releases "
      "follow it. A module's pto.target_arch overrides the arch.");
  m.def(
      "set_default_ptoas_target",
      [](const std::string &arch, const std::string &level,
         std::pair<int, int> version, const std::string &backend) {
        if (!ptonzPTOSetDefaultTarget(ref(arch), ref(level), version.first,
                                      version.second, ref(backend)))
          throw nb::value_error(
              "PTOAS target: arch must be a3 or a5, level level1, level2 or "
              "level3, backend emitc or vpto");
      },
      nb::arg("arch"), nb::arg("level"), nb::arg("version"), nb::arg("backend"),
      "The PTOAS target every new context checks until set_ptoas_target names "
      "one (ptonz sets it at import from ptoas_facts' DEFAULT_ARCH, "
      "DEFAULT_LEVEL, DEFAULT_VERSION and DEFAULT_BACKEND).");
  m.def(
      "ptoas_target_backend",
      [](MlirContext ctx) {
        bool given = false;
        MlirStringRef b = ptonzPTOGetBackend(ctx, &given);
        return std::make_pair(std::string(b.data, b.length), given);
      },
      nb::arg("context"),
      "(backend, given): the backend the pto verifiers check in `context` "
      "(emitc|vpto) and whether it was given as ptoas's --pto-backend "
      "(then it overrides a module's pto.backend attribute).");
  m.def(
      "set_ptoas_emits_pto_ir",
      [](MlirContext ctx, bool emits) { ptonzPTOSetEmitsPtoIr(ctx, emits); },
      nb::arg("context"), nb::arg("emits"),
      "Whether ptoas runs with --emit-pto-ir in `context`: it writes PTO IR "
      "and stops before its backend, so verify_module_rules checks no "
      "backend rule.");
  m.def(
      "verify_module_rules",
      [](MlirOperation module) { return ptonzPTOVerifyModuleRules(module); },
      nb::arg("module"),
      "What ptonz checks of a parsed module beyond MLIR's verifier, in "
      "order, stopping at the first rule that fails: PTOAS >= 0.60's "
      "verifier rules for the ops ptonz keeps verbatim (unregistered `pto.*` "
      "ops, which MLIR does not verify), its EmitC backend rule (the first op "
      "or function that backend cannot lower, when it is the backend), and "
      "no `pto.entry` function on a call cycle. Located errors go to the "
      "context's diagnostic handlers; False if there is one.");
  m.def(
      "verify_entry_recursion",
      [](MlirOperation module) { return ptonzPTOVerifyEntryRecursion(module); },
      nb::arg("module"),
      "PTOAS emits no recursive calls: a located error (to the context's "
      "diagnostic handlers) at every `pto.entry` function of `module` on a "
      "call cycle; False if there is one.");
  m.def(
      "ptoas_target_version",
      [](MlirContext ctx) {
        int major = 0, minor = 0;
        ptonzPTOGetPtoasVersion(ctx, &major, &minor);
        return std::make_pair(major, minor);
      },
      nb::arg("context"),
      "The PTOAS release, (major, minor), the pto verifiers check in "
      "`context`.");
  m.def(
      "ptoas_target_level",
      [](MlirContext ctx) {
        MlirStringRef l = ptonzPTOGetBuildLevel(ctx);
        return std::string(l.data, l.length);
      },
      nb::arg("context"),
      "The --pto-level the pto verifiers check in `context` (set_ptoas_target; "
      "default "
      "level2).");
  m.def(
      "set_tile_buf_keyed_form",
      [](MlirContext ctx, bool keyed) {
        ptonzPTOSetTileBufKeyedForm(ctx, keyed);
      },
      nb::arg("context"), nb::arg("keyed"),
      "Print !pto.tile_buf in the legacy keyed form `<loc=mat, dtype=i8, "
      "rows=..., ...>` "
      "(what PTOAS < 0.25 parses) instead of the compact form, in `context`.");

  m.def(
      "layout_attr",
      [](const std::string &value, MlirContext ctx) {
        MlirAttribute a = ptonzLayoutAttrGet(ctx, ref(value));
        if (mlirAttributeIsNull(a))
          throw nb::value_error("layout must be nd, dn or nz");
        return a;
      },
      nb::arg("value"), nb::arg("context").none() = nb::none(),
      "#pto.layout<value>");
  m.def(
      "layout_value",
      [](MlirAttribute a) -> std::optional<std::string> {
        if (mlirAttributeIsNull(a) || !ptonzAttributeIsALayout(a))
          return std::nullopt;
        return str(ptonzLayoutAttrGetValue(a));
      },
      nb::arg("attr"),
      "'nd' | 'dn' | 'nz' of a #pto.layout attribute, else None");

  //===--- types ----------------------------------------------------------===//

  auto ptr =
      mlir_type_subclass(m, "PtrType", ptonzTypeIsAPtr, ptonzPtrTypeGetTypeID);
  ptr.def_classmethod(
      "get",
      [](nb::object cls, MlirType elem) { return cls(ptonzPtrTypeGet(elem)); },
      nb::arg("cls"), nb::arg("element_type"), "!pto.ptr<element_type> (GM)");
  ptr.def_property_readonly(
      "element_type", [](MlirType t) { return ptonzPtrTypeGetElementType(t); });

  auto tv = mlir_type_subclass(m, "TensorViewType", ptonzTypeIsATensorView,
                               ptonzTensorViewTypeGetTypeID);
  tv.def_classmethod(
      "get",
      [](nb::object cls, const std::vector<int64_t> &shape, MlirType elem,
         MlirContext ctx) {
        return cls(checked(
            ptonzTensorViewTypeGet(ctx, shape.size(), shape.data(), elem),
            "tensor_view"));
      },
      nb::arg("cls"), nb::arg("shape"), nb::arg("element_type"),
      nb::arg("context").none() = nb::none());
  addShapedAccessors(tv);
  tv.def_property_readonly("layout",
                           [](MlirType t) -> std::optional<std::string> {
                             MlirAttribute a = ptonzViewTypeGetLayout(t);
                             if (mlirAttributeIsNull(a))
                               return std::nullopt;
                             return str(ptonzLayoutAttrGetValue(a));
                           });

  auto ptv = mlir_type_subclass(m, "PartitionTensorViewType",
                                ptonzTypeIsAPartitionTensorView,
                                ptonzPartitionTensorViewTypeGetTypeID);
  ptv.def_classmethod(
      "get",
      [](nb::object cls, const std::vector<int64_t> &shape, MlirType elem,
         MlirContext ctx) {
        return cls(checked(ptonzPartitionTensorViewTypeGet(ctx, shape.size(),
                                                           shape.data(), elem),
                           "partition_tensor_view"));
      },
      nb::arg("cls"), nb::arg("shape"), nb::arg("element_type"),
      nb::arg("context").none() = nb::none());
  addShapedAccessors(ptv);

  auto tile = mlir_type_subclass(m, "TileBufType", ptonzTypeIsATileBuf,
                                 ptonzTileBufTypeGetTypeID);
  tile.def_classmethod(
      "get",
      [](nb::object cls, const std::string &loc, MlirType elem, int64_t rows,
         int64_t cols, std::optional<int64_t> validRow,
         std::optional<int64_t> validCol, const std::string &blayout,
         const std::string &slayout, int64_t fractal, int64_t pad,
         MlirContext ctx) {
        return cls(checked(ptonzTileBufTypeGet(
                               ctx, ref(loc), elem, rows, cols,
                               validRow.value_or(rows), validCol.value_or(cols),
                               ref(blayout), ref(slayout), fractal, pad),
                           "tile_buf"));
      },
      nb::arg("cls"), nb::arg("loc"), nb::arg("element_type"), nb::arg("rows"),
      nb::arg("cols"), nb::arg("valid_row").none() = nb::none(),
      nb::arg("valid_col").none() = nb::none(),
      nb::arg("blayout") = "row_major", nb::arg("slayout") = "none_box",
      nb::arg("fractal") = 512, nb::arg("pad") = 0,
      nb::arg("context").none() = nb::none());
  tile.def_property_readonly(
      "loc", [](MlirType t) { return str(ptonzTileBufTypeGetLoc(t)); });
  tile.def_property_readonly(
      "element_type", [](MlirType t) { return ptonzShapedGetElementType(t); });
  tile.def_property_readonly(
      "rows", [](MlirType t) { return ptonzTileBufTypeGetRows(t); });
  tile.def_property_readonly(
      "cols", [](MlirType t) { return ptonzTileBufTypeGetCols(t); });
  tile.def_property_readonly(
      "valid_row", [](MlirType t) { return ptonzTileBufTypeGetValidRow(t); });
  tile.def_property_readonly(
      "valid_col", [](MlirType t) { return ptonzTileBufTypeGetValidCol(t); });
  tile.def_property_readonly(
      "blayout", [](MlirType t) { return str(ptonzTileBufTypeGetBLayout(t)); });
  tile.def_property_readonly(
      "slayout", [](MlirType t) { return str(ptonzTileBufTypeGetSLayout(t)); });
  tile.def_property_readonly(
      "fractal", [](MlirType t) { return ptonzTileBufTypeGetFractal(t); });
  tile.def_property_readonly(
      "pad", [](MlirType t) { return ptonzTileBufTypeGetPad(t); });

  auto plt = mlir_type_subclass(m, "PLTensorType", ptonzTypeIsAPLTensor,
                                ptonzPLTensorTypeGetTypeID);
  plt.def_classmethod(
      "get",
      [](nb::object cls, const std::vector<int64_t> &shape, MlirType elem,
         const std::string &layout, MlirContext ctx) {
        return cls(checked(ptonzPLTensorTypeGet(ctx, shape.size(), shape.data(),
                                                elem, ref(layout)),
                           "pl.tensor"));
      },
      nb::arg("cls"), nb::arg("shape"), nb::arg("element_type"),
      nb::arg("layout") = "nd", nb::arg("context").none() = nb::none());
  addShapedAccessors(plt);
  plt.def_property_readonly(
      "layout", [](MlirType t) { return str(ptonzPLTensorTypeGetLayout(t)); });

  auto pltile = mlir_type_subclass(m, "PLTileType", ptonzTypeIsAPLTile,
                                   ptonzPLTileTypeGetTypeID);
  pltile.def_classmethod(
      "get",
      [](nb::object cls, const std::vector<int64_t> &shape, MlirType elem,
         const std::string &memory, MlirContext ctx) {
        return cls(checked(ptonzPLTileTypeGet(ctx, shape.size(), shape.data(),
                                              elem, ref(memory)),
                           "pl.tile"));
      },
      nb::arg("cls"), nb::arg("shape"), nb::arg("element_type"),
      nb::arg("memory"), nb::arg("context").none() = nb::none());
  addShapedAccessors(pltile);
  pltile.def_property_readonly(
      "memory", [](MlirType t) { return str(ptonzPLTileTypeGetMemory(t)); });
}
