# The two commands of the README. Everything runs from a virtual environment
# in the checkout (.venv), created here if missing.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
EXAMPLE ?= examples/seed001_grouped_matmul_pl.mlir

.PHONY: demo install test lit pytest clean fuzz

# Install ptonz (builds the ODS dialect plugin) and show the bundled example,
# seed 001's grouped matmul: its lowering, its descriptors, the ND and NZ
# builds' weight loads side by side, and the result check of both builds
# against NumPy (and, where PTOAS is installed, the assembled C++).
demo: install
	$(BIN)/ptonz-opt --lower-to-ptoas $(EXAMPLE)
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

# The mutation fuzzer over examples/ and test/ (tools/ptonz_fuzz.py); CI runs
# 1000 mutants of a fixed seed in test/python/test_fuzz.py.
N       ?= 10000
SEED    ?= 0
JOBS    ?= 2
fuzz:
	$(BIN)/python -m ptonz.tools.ptonz_fuzz --root . -n $(N) --seed $(SEED) --jobs $(JOBS) --save fuzz-findings
