// The address-level oracle: simulate the logical program and its NZ lowering
// side by side and compare every tile each pto.tload reads.

// RUN: ptonz-opt --check-addressing=4 %examples/seed000_nz_probe_pl.mlir | FileCheck %s
// CHECK: check-addressing: 2 of 2 tloads read identical tiles (1 block id)

// Seed 001's 256 MiB weight is never materialized (hashed lazily); long loops are sampled.
// RUN: ptonz-opt --check-addressing=2 %examples/seed001_grouped_matmul_pl.mlir | FileCheck %s --check-prefix=SEED001
// SEED001: check-addressing: [[N:[0-9]+]] of [[N]] tloads read identical tiles (1 block id; long loops sampled)

// The check needs the logical program: pass flags run first and are refused.
// RUN: not ptonz-opt --lower-to-ptoas --check-addressing=2 %examples/seed000_nz_probe_pl.mlir 2>&1 | FileCheck %s --check-prefix=LOWERED
// LOWERED: seed000_nz_probe_pl.mlir:{{[0-9]+}}:{{[0-9]+}}: error: check-addressing: the input is already lowered
