// The address-level oracle: simulate the logical program and its NZ lowering
// side by side and compare every tile each pto.tload reads.

// RUN: ptonz-opt --no-mlir-print-debuginfo --check-addressing=4 %examples/seed000_nz_probe_pl.mlir | FileCheck %s
// CHECK: check-addressing: 2 of 2 tloads read identical tiles (1 block id)

// Seed 001's 256 MiB weight is never materialized (hashed lazily); long loops are sampled.
// RUN: ptonz-opt --no-mlir-print-debuginfo --check-addressing=2 %examples/seed001_grouped_matmul_pl.mlir | FileCheck %s --check-prefix=SEED001
// SEED001: check-addressing: [[N:[0-9]+]] of [[N]] tloads read identical tiles (1 block id; long loops sampled)

// With passes, the pipeline that ran is checked: its input is the logical
// program, its output the lowered one.
// RUN: ptonz-opt --no-mlir-print-debuginfo --lower-to-ptoas --check-addressing=2 %examples/seed000_nz_probe_pl.mlir | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: check-addressing: 2 of 2 tloads read identical tiles (1 block id; the pipeline's input vs. its output)
// RUN: ptonz-opt --no-mlir-print-debuginfo --pass-pipeline='builtin.module(convert-pl-to-pto, pto-block-nz-views, cse)' --check-addressing=2 %examples/seed001_grouped_matmul_pl.mlir | FileCheck %s --check-prefix=PIPELINE-SEED001
// PIPELINE-SEED001: check-addressing: [[N:[0-9]+]] of [[N]] tloads read identical tiles (1 block id; long loops sampled; the pipeline's input vs. its output)

// A pipeline that does not lower is told so, at the view it left logical ...
// RUN: not ptonz-opt --no-mlir-print-debuginfo --convert-pl-to-pto --check-addressing=2 %examples/seed000_nz_probe_pl.mlir 2>&1 | FileCheck %s --check-prefix=NOT-BLOCKED
// NOT-BLOCKED: seed000_nz_probe_pl.mlir:{{[0-9]+}}:{{[0-9]+}}: error: check-addressing: the pipeline left this NZ view logical (rank 2; it does not run pto-block-nz-views), so its output does not address the NZ bytes and there is no lowering to check: add pto-block-nz-views (or use --lower-to-ptoas)
// RUN: not ptonz-opt --no-mlir-print-debuginfo --pass-pipeline='builtin.module(cse)' --check-addressing=2 %examples/seed000_nz_probe_pl.mlir 2>&1 | FileCheck %s --check-prefix=PL-LEFT
// PL-LEFT: error: check-addressing: the pipeline left `pl` ops (it does not run convert-pl-to-pto)

// ... and an input that is already lowered has no logical program to compare with.
// RUN: ptonz-opt --no-mlir-print-debuginfo --lower-to-ptoas %examples/seed000_nz_probe_pl.mlir -o %t.lowered.mlir
// RUN: not ptonz-opt --no-mlir-print-debuginfo --lower-to-ptoas --check-addressing=2 %t.lowered.mlir 2>&1 | FileCheck %s --check-prefix=LOWERED
// RUN: not ptonz-opt --no-mlir-print-debuginfo --check-addressing=2 %t.lowered.mlir 2>&1 | FileCheck %s --check-prefix=LOWERED
// LOWERED: lowered.mlir:{{[0-9]+}}:{{[0-9]+}}: error: check-addressing: the input is already lowered (pto.nz_tensor_views_blocked): the addressing check needs the logical program (pl, or pto with logical NZ views) it was lowered from as its input

// An NZ argument whose views give it no shape is reported at its function.
// RUN: not ptonz-opt --no-mlir-print-debuginfo --lower-to-ptoas --nz-arg=@k:0 --check-addressing=2 %S/Inputs/nz-arg-unread.pto 2>&1 | FileCheck %s --check-prefix=UNREAD
// UNREAD: nz-arg-unread.pto:4:1: error: check-addressing: argument #0 of @k is declared NZ without a shape and its views do not give one constant shape: declare it (--nz-arg=@FUNC:INDEX=SHAPE)

// Logical NZ views of rank 5 and 6 (issue 25): the simulator reads a
// logical view at its own rank, whatever the rank, and its lowering through
// the fold b = sum(i_k * prod(E_{k+1..})); both as a clone and through the
// pipeline that ran. 1 + 3*4 + 2*2 tloads.
// RUN: ptonz-opt --no-mlir-print-debuginfo --check-addressing=2 %S/Inputs/logical-ranks.mlir | FileCheck %s --check-prefix=RANKS
// RANKS: check-addressing: 17 of 17 tloads read identical tiles (1 block id)
// RUN: ptonz-opt --no-mlir-print-debuginfo --lower-to-ptoas --check-addressing=2 %S/Inputs/logical-ranks.mlir | FileCheck %s --check-prefix=RANKS-PIPELINE
// RANKS-PIPELINE: check-addressing: 17 of 17 tloads read identical tiles (1 block id; the pipeline's input vs. its output)

// Element types (issue 11): an f64 NZ weight is checked (it was an internal
// error; since issue 22 ptonz-pack's packer takes 64-bit types and the check
// packs every NZ weight with it); an i256 one, which PTOAS has no type for (issue 24) and the
// simulator cannot hold, and a sub-byte one, which the lowering rejects, get
// errors located at the view (the i256 one was `<unknown>:0`).
// RUN: ptonz-opt --no-mlir-print-debuginfo --check-addressing=2 %S/Inputs/nz-f64.mlir | FileCheck %s --check-prefix=F64
// F64: check-addressing: 1 of 1 tloads read identical tiles (1 block id)
// RUN: %python %S/../ptonz-opt/Inputs/expect_exit.py 1 ptonz-opt --no-mlir-print-debuginfo --split-input-file --check-addressing=2 %S/Inputs/nz-element-types.mlir 2>&1 | FileCheck %s --check-prefix=TYPES
// TYPES: nz-element-types.mlir:6:8: error: check-addressing: pto-verify-ptoas: a GM view of i256 elements: PTOAS has no element type i256
// TYPES: nz-element-types.mlir:8:8: error: check-addressing: pto-verify-ptoas: a tile of i256 elements: PTOAS has no element type i256
// TYPES: nz-element-types.mlir:17:8: error: check-addressing: pto-block-nz-views: NZ view of sub-byte element type f4E2M1FN
// Without pto-verify-ptoas the simulator says that it cannot hold i256.
// RUN: %python %S/../ptonz-opt/Inputs/expect_exit.py 1 ptonz-opt --no-mlir-print-debuginfo --split-input-file '--pass-pipeline=builtin.module(pto-block-nz-views,pto-materialize-strides)' --check-addressing=2 %S/Inputs/nz-element-types.mlir 2>&1 | FileCheck %s --check-prefix=SIM-TYPES
// SIM-TYPES: nz-element-types.mlir:6:8: error: check-addressing: unsupported element type i256: the simulator holds 8-, 16-, 32- and 64-bit elements

// Tiles of element types PTOAS has no type for (and the simulator does not
// hold) are located errors, not internal ones (fuzzer findings).
// RUN: %python %S/../ptonz-opt/Inputs/expect_exit.py 1 ptonz-opt --no-mlir-print-debuginfo --split-input-file --check-addressing=2 %S/Inputs/tile-element-types.mlir 2>&1 | FileCheck %s --check-prefix=TILES
// TILES: tile-element-types.mlir:4:8: error: check-addressing: pto-verify-ptoas: a tile of f80 elements: PTOAS has no element type f80 (its C++ emitter cannot convert it
// TILES: tile-element-types.mlir:11:8: error: check-addressing: pto-verify-ptoas: a tile of i4 elements: PTOAS has no element type i4 (its C++ emitter would silently write int32_t / float for it
// Without pto-verify-ptoas the simulator runs them (scalar arguments take the
// result check's defaults): no internal error.
// RUN: ptonz-opt --no-mlir-print-debuginfo --split-input-file '--pass-pipeline=builtin.module(pto-block-nz-views)' --check-addressing=2 %S/Inputs/tile-element-types.mlir 2>&1 | FileCheck %s --check-prefix=SIM-TILES
// SIM-TILES: check-addressing: 0 of 0 tloads read identical tiles
// SIM-TILES: check-addressing: 0 of 0 tloads read identical tiles
// SIM-TILES-NOT: internal error

// Issue 14's forms (rank-4 fold, leading-axis NZ slices passed by func.call,
// split-K remainders, a ragged tail, a whole-tensor flatten) read the same
// tiles as the logical program.
// RUN: ptonz-opt --no-mlir-print-debuginfo --check-addressing=4 %S/Inputs/pypto-nz-forms.mlir | FileCheck %s --check-prefix=PYPTO
// PYPTO: check-addressing: 84 of 84 tloads read identical tiles (4 block ids)
