//===- ParsedTypes.h - a dialect's parsed types, by their text --*- C++ -*-===//
//
// MLIR's parser hands a dialect the body of its type (`tile_buf<vec, ...>`)
// at every use and the dialect parses it token by token, although a kernel
// spells the same few types on every op: a keyed `!pto.tile_buf` costs ~12k
// instructions to parse, a third of the parse of a real kernel. A dialect
// keeps here the types it parsed, keyed by that text
// (DialectAsmParser::getFullSymbolSpec), and answers a text it has seen from
// here. The parser puts its lexer past the body itself after the dialect
// returns, so nothing needs consuming.
//
//===----------------------------------------------------------------------===//
#ifndef PTONZ_PARSEDTYPES_H
#define PTONZ_PARSEDTYPES_H

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringMap.h"

#include <mutex>

namespace ptonz {

class ParsedTypes {
public:
  /// A dialect's parseType, once per text: the type a text parsed to before,
  /// else the type `generated` (the dialect's ODS generatedTypeParser) reads,
  /// or `unknown(p, at, mnemonic)` for a mnemonic it does not know
  /// (remembered when it is a type). A text with `!` or `#` is always
  /// parsed: it may name an alias (`!pto.ptr<!elem>`), which means another
  /// type in another module of the same context.
  template <typename Generated, typename Unknown>
  mlir::Type parse(mlir::DialectAsmParser &p, Generated generated,
                   Unknown unknown) {
    llvm::StringRef text = p.getFullSymbolSpec();
    {
      // Only texts without `!` or `#` are ever kept, so a hit needs no scan.
      std::lock_guard<std::mutex> lock(mutex);
      if (mlir::Type known = types.lookup(text))
        return known;
    }
    bool keep = !text.contains('!') && !text.contains('#');
    llvm::SMLoc at = p.getCurrentLocation();
    llvm::StringRef mnemonic;
    mlir::Type type;
    mlir::OptionalParseResult parsed = generated(p, &mnemonic, type);
    if (!parsed.has_value())
      type = unknown(p, at, mnemonic);
    else if (mlir::failed(*parsed))
      type = {};
    if (keep && type) {
      std::lock_guard<std::mutex> lock(mutex);
      // Bounded: distinct type texts are few; this only caps odd inputs.
      if (types.size() >= kMaxTypes)
        types.clear();
      types.try_emplace(text, type);
    }
    return type;
  }

  /// Forget every type: the context's PTOAS release, which the type
  /// verifiers read, changed, so a text may now parse to an error.
  void clear() {
    std::lock_guard<std::mutex> lock(mutex);
    types.clear();
  }

private:
  static constexpr unsigned kMaxTypes = 4096;
  std::mutex mutex;
  llvm::StringMap<mlir::Type> types;
};

} // namespace ptonz

#endif // PTONZ_PARSEDTYPES_H
