// Unknown pto ops that cannot pass through are rejected, naming why.
func.func @f(%a: f32) {
  // expected-error@+1 {{'pto.tweird' is not an op ptonz knows, and its types cannot be read: 0 types for 1 operands and 0 results (ptonz passes an unknown pto op through when every operand and result has a type in its `: ... -> ...` lists)}}
  pto.tweird %a
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'pto.tweird' is not an op ptonz knows, and its types cannot be read: 2 types for 1 operands and 0 results}}
  pto.tweird %a : f32, f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{expected 1 types for 1 operands, got 2}}
  pto.tweird ins(%a : f32, f32)
  return
}

// -----

// The generic form of an unknown op still parses (and prints generically).
func.func @f(%a: f32) {
  "pto.tweird"(%a) ({
  }) : (f32) -> ()
  return
}
