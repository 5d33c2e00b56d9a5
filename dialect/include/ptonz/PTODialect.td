//===- PTODialect.td - the PTOAS-compatible `pto` dialect -----*- tablegen -*-===//
//
// The whole `pto` dialect of hw-native-sys/PTOAS 0.27 (ops, types,
// attributes), with PTOAS's exact textual syntax so that ptonz output feeds
// PTOAS unchanged and PTOAS kernels feed ptonz. Ops of the `pto` namespace
// that ptonz does not define still parse and print in the common
// `ins(...) outs(...)` form (PTODialect.cpp: the unknown-op hooks).
//
//===----------------------------------------------------------------------===//

#ifndef PTONZ_PTO_DIALECT
#define PTONZ_PTO_DIALECT

include "mlir/IR/OpBase.td"

def PTO_Dialect : Dialect {
  let name = "pto";
  let cppNamespace = "::ptonz::pto";
  let summary = "PTOAS-compatible tensor views, tiles, cube and vector ops";
  let description = [{
    GM tensors are addressed through `pto.make_tensor_view` (pointer, shape,
    strides, layout) and sliced by `pto.partition_view`; `pto.tload` copies a
    partition into an on-chip `!pto.tile_buf`, where cube (`tmatmul`...) and
    vector (`tadd`, `trowmax`, ...) ops compute. A view with
    `{layout = #pto.layout<nz>}` is NZ-fractal ordered: PTOAS >= 0.61 requires
    it in the blocked rank-5 form [B, C/c0, R/16, 16, c0].
  }];
  // Own parse/print entry points: the generated ones, plus PTOAS 0.60's
  // types and attributes that ptonz passes through verbatim (PTOTypes.cpp,
  // PTOAttrs.cpp).
  let useDefaultTypePrinterParser = 0;
  let useDefaultAttributePrinterParser = 0;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// The function attribute (unit, on func.func) that says "the NZ views
    /// of this function are blocked": `strides = []` there means the
    /// row-major strides of the blocked rank-5 shape, not a logical view
    /// (python/ptonz/analyses/view_kinds.py has the one definition).
    static constexpr ::llvm::StringLiteral kNzTensorViewsBlockedAttrName =
        "pto.nz_tensor_views_blocked";
    /// The same for the MX scale views (mx_a_zz, mx_b_nn), set by
    /// pto-block-mx-scale-views (pypto's `mx_tensor_views_blocked`).
    static constexpr ::llvm::StringLiteral kMxTensorViewsBlockedAttrName =
        "pto.mx_tensor_views_blocked";

    void registerTypes();
    void registerAttributes();
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type, ::mlir::DialectAsmPrinter &printer) const override;
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;

    /// Unknown `pto.*` ops: parsed and printed in the `ins(...) outs(...)`
    /// form, as unregistered operations.
    std::optional<ParseOpHook> getParseOperationHook(::llvm::StringRef opName) const override;
    ::llvm::unique_function<void(::mlir::Operation *, ::mlir::OpAsmPrinter &)>
    getOperationPrinter(::mlir::Operation *op) const override;

    /// The PTOAS target the verifiers check against (ptoas --pto-arch and
    /// --pto-level). A module's `pto.target_arch` attribute overrides the arch,
    /// as in ptoas.
    ::ptonz::pto::TargetArch getTargetArch() const { return target.arch; }
    void setTargetArch(::ptonz::pto::TargetArch arch) { target.arch = arch; }
    ::ptonz::pto::BuildLevel getBuildLevel() const { return target.level; }
    void setBuildLevel(::ptonz::pto::BuildLevel level) { target.level = level; }
    /// The PTOAS release the verifiers check against (ptonz-opt
    /// --ptoas-version): rules that changed between releases follow it.
    std::pair<int, int> getPtoasVersion() const { return target.version; }
    /// The type verifiers read the release (and no other target fact), so
    /// the types parsed under another one are forgotten.
    void setPtoasVersion(std::pair<int, int> version) {
      if (version != target.version)
        parsedTypes.clear();
      target.version = version;
    }
    /// The backend PTOAS lowers with (ptonz-opt --pto-backend), and whether
    /// it was given (then it overrides a module's `pto.backend`, as in ptoas).
    ::ptonz::pto::Backend getBackend() const { return target.backend; }
    bool isBackendGiven() const { return target.backendGiven; }
    void setBackend(::ptonz::pto::Backend backend, bool given) {
      target.backend = backend;
      target.backendGiven = given;
    }
    /// ptoas --emit-pto-ir: no backend runs on the output.
    bool emitsPtoIr() const { return target.emitsPtoIr; }
    void setEmitsPtoIr(bool emits) { target.emitsPtoIr = emits; }
    /// The target a context checks until told otherwise. ptonz sets it once,
    /// at import, from ptoas_facts (DEFAULT_ARCH, DEFAULT_LEVEL,
    /// DEFAULT_VERSION: the one home of the defaults); unset, a3 / level2 /
    /// every modelled rule.
    static ::ptonz::pto::PtoasTarget getDefaultTarget();
    static void setDefaultTarget(::ptonz::pto::PtoasTarget defaults);

    /// Print !pto.tile_buf in the legacy keyed form (what PTOAS < 0.25 parses).
    bool printsKeyedTileBuf() const { return keyedTileBuf; }
    void setPrintKeyedTileBuf(bool keyed) { keyedTileBuf = keyed; }

  private:
    ::ptonz::pto::PtoasTarget target = getDefaultTarget();
    bool keyedTileBuf = false;
    /// The types parseType parsed, by their text (see setPtoasVersion).
    mutable ::ptonz::ParsedTypes parsedTypes;
  public:
  }];
}

#endif // PTONZ_PTO_DIALECT
