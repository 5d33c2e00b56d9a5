// Parser and type-verifier rejections of the pl dialect, one per split.
// (Op-verifier rejections are in invalid-ops.mlir.)
// RUN: ptonz-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{unknown pl tensor layout 'zn' (expected nd, dn, nz, mx_a_zz or mx_b_nn)}}
func.func private @f(!pl.tensor<16x16xf16, zn>)

// -----

// expected-error@+1 {{pl tensor element type must be an integer or float type, got 'index'}}
func.func private @f(!pl.tensor<16x16xindex>)

// -----

// expected-error@+1 {{NZ layout on a rank-1 tensor: the trailing two dimensions are the fractal plane, so NZ needs logical rank 2 or more ([R, C], [B, R, C], [G, E, R, C], ...); annotate it nd}}
func.func private @f(!pl.tensor<4096xi8, nz>)

// -----

// expected-error@+1 {{NZ layout on a rank-0 tensor}}
func.func private @f(!pl.tensor<f16, nz>)

// -----

// expected-error@+1 {{NZ layout on a sub-byte element type ('i4') is outside ptonz's scope: sub-byte NZ is unsettled (PTOAS >= 0.61 counts an FP4 NZ view in packed pairs, c0 = 32, pto-isa's A5 path in 4-bit elements, c0 = 64, until a measurement settles it); annotate the tensor nd}}
func.func private @f(!pl.tensor<256x512xi4, nz>)

// -----

// expected-error@+1 {{NZ layout on a sub-byte element type ('i1')}}
func.func private @f(!pl.tensor<256x512xi1, nz>)

// -----

// expected-error@+1 {{NZ layout needs an element bit width dividing 256 (one 32-byte C0 line), got 'i24'}}
func.func private @f(!pl.tensor<256x512xi24, nz>)

// -----

// expected-error@+1 {{unknown pl tile memory 'gm' (expected vec, mat, left, right, acc or bias)}}
func.func private @f(!pl.tile<16x16xf16, gm>)

// -----

// expected-error@+1 {{pl tile element type must be an integer or float type, got 'index'}}
func.func private @f(!pl.tile<16x16xindex, vec>)

// -----

// expected-error@+1 {{pl tile must be rank 1 or 2, got rank 3}}
func.func private @f(!pl.tile<1x16x16xf16, vec>)

// -----

// expected-error@+1 {{pl tile must be rank 1 or 2, got rank 0}}
func.func private @f(!pl.tile<f16, vec>)

// -----

// expected-error@+1 {{pl tile dimensions must be static and positive}}
func.func private @f(!pl.tile<0x16xf16, vec>)

// -----

// expected-error@+1 {{expected static shape}}
func.func private @f(!pl.tile<?x16xf16, vec>)

// -----

// expected-error@+1 {{MX_A_ZZ layout on a rank-3 tensor: it is an A-side [M, G] microscaling scale tensor (rank 2); annotate it nd}}
func.func private @f(!pl.tensor<2x16x2xf8E8M0FNU, mx_a_zz>)

// -----

// expected-error@+1 {{MX_B_NN layout on element type 'i8': microscaling scales are f8E8M0FNU (one byte each, 16x2 boxes of 32 bytes); annotate it nd}}
func.func private @f(!pl.tensor<2x16xi8, mx_b_nn>)
