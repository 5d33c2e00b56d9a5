// PTOAS 0.60's `!pto.struct<...>`: fields of 8/16/32/64-bit integers, f16,
// bf16, f32, f64 or nested structs, printed as PTOAS prints them
// (PTOStructTypes.cpp).
// RUN: ptonz-opt %s --ptoas-version=0.60 --split-input-file --verify-diagnostics --no-mlir-print-debuginfo | FileCheck %s
// A second print reads back byte-identically.
// RUN: ptonz-opt %s --ptoas-version=0.60 --split-input-file --verify-diagnostics --no-mlir-print-debuginfo | ptonz-opt --ptoas-version=0.60 --split-input-file --no-mlir-print-debuginfo | FileCheck %s

// CHECK-LABEL: func.func @struct_types
// CHECK: pto.declare_struct -> !pto.struct<i8, ui16, si32, i64, f16, bf16, f32, f64>
// CHECK: pto.declare_struct -> !pto.struct<!pto.struct<f32, i8>, i16>
func.func @struct_types() {
  %a = pto.declare_struct -> !pto.struct<i8, ui16, si32, i64, f16, bf16, f32, f64>
  %b = pto.declare_struct -> !pto.struct<!pto.struct<f32, i8>, i16>
  return
}

// -----

func.func @struct_tile_field() {
  // expected-error@+1 {{'!pto.struct' field 1 type '!pto.tile_buf<vec, 1x256xi8>' is not scalar-storable}}
  %s = pto.declare_struct -> !pto.struct<f32, !pto.tile_buf<vec, 1x256xi8>>
  return
}

// -----

func.func @struct_array_field() {
  // expected-error@+1 {{'!pto.struct' field 0 type '!pto.local_array<4xf32>' is not scalar-storable}}
  %s = pto.declare_struct -> !pto.struct<!pto.local_array<4xf32>>
  return
}

// -----

func.func @struct_i1_field() {
  // expected-error@+1 {{'!pto.struct' field 1 type 'i1' is not scalar-storable}}
  %s = pto.declare_struct -> !pto.struct<f32, i1>
  return
}

// -----

func.func @struct_no_field() {
  // expected-error@+1 {{'!pto.struct' requires at least one field}}
  %s = pto.declare_struct -> !pto.struct<>
  return
}
