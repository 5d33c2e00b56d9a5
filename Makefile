# The two commands of the README. Everything runs from a virtual environment
# in the checkout (.venv), created here if missing.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
EXAMPLE ?= examples/seed001_grouped_matmul_pl.mlir

.PHONY: demo install test lit pytest clean fuzz lint format

# Install ptonz (builds the ODS dialect plugin) and show the bundled example,
# seed 001's grouped matmul: its lowering, its descriptors, the ND and NZ
# builds' weight loads side by side, and the result check of both builds
# against NumPy (and, where PTOAS is installed, the assembled C++).
demo: install
	$(BIN)/ptonz-opt --lower-to-ptoas --no-mlir-print-debuginfo $(EXAMPLE)
	$(BIN)/ptonz-opt --lower-to-ptoas --emit=descriptors $(EXAMPLE)
	$(BIN)/ptonz-opt --lower-to-ptoas --report=loads $(EXAMPLE)
	$(BIN)/ptonz-opt --check-results $(EXAMPLE)
	@if command -v ptoas >/dev/null; then \
	  mkdir -p build && $(BIN)/ptonz-opt --lower-to-ptoas $(EXAMPLE) -o build/demo.pto && \
	  ptoas --disable-infer-layout --enable-insert-sync build/demo.pto \
	    -o build/demo.cpp 2>/dev/null && \
	  echo "ptoas: build/demo.cpp ($$(grep -c 'TMATMUL' build/demo.cpp) matmul calls)"; \
	else echo "ptoas is not installed: skipping the assembly (PTOAS is installed separately, from its own project)"; fi

install:
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install '.[test]'

# The whole suite: lit/FileCheck regression tests, then the pytest unit tests.
test:
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/lit -v test
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python -m pytest -q test/python

clean:
	rm -rf build $(VENV) test/.lit_out

# Static checks (.ci/run runs them before the tests; the tools come with the test
# extras of `make install`): ruff (rules in pyproject.toml) and its formatter,
# mypy (strict on ptonz.analyses), the import layers (import-linter; the
# contract is in pyproject.toml, docs/architecture.md draws it), and
# clang-format (LLVM style, .clang-format) on the C++ of dialect/.
# import-linter reads .py files only: the C++ extension ptonz._ptonz is given
# to it as an empty module in a copy of python/ (build/lint-imports), so that
# `from .. import _ptonz` is an import of the extension, not of the package.
PY_SOURCES  := python test bench examples
CXX_SOURCES  = $(shell find dialect cli \( -name '*.cpp' -o -name '*.h' \) | sort)
lint:
	$(BIN)/ruff check $(PY_SOURCES)
	$(BIN)/ruff format --check $(PY_SOURCES)
	$(BIN)/mypy
	rm -rf build/lint-imports && mkdir -p build/lint-imports
	cp -r python/*/ build/lint-imports/
	: > build/lint-imports/ptonz/_ptonz.py
	cd build/lint-imports && PYTHONPATH=. $(CURDIR)/$(BIN)/lint-imports --config $(CURDIR)/pyproject.toml
	$(BIN)/clang-format --dry-run -Werror $(CXX_SOURCES)

# Rewrite the tree in the formatters' style (what `make lint` checks).
format:
	$(BIN)/ruff format $(PY_SOURCES)
	$(BIN)/clang-format -i $(CXX_SOURCES)

# The mutation fuzzer over examples/ and test/ (python/ptonz_cli/fuzz.py); CI runs
# 1000 mutants of a fixed seed in test/python/test_fuzz.py.
N       ?= 10000
SEED    ?= 0
JOBS    ?= 2
fuzz:
	$(BIN)/python -m ptonz_cli.fuzz --root . -n $(N) --seed $(SEED) --jobs $(JOBS) --save fuzz-findings
