// Parser and type-verifier rejections of the pto dialect, one per split.
// (Op-verifier rejections are in invalid-ops.mlir.)
// RUN: ptonz-opt %s --split-input-file --verify-diagnostics

// A pointer's memory space is one of PTOAS 0.60's.
// expected-error@+1 {{!pto.ptr memory space must be one of `gm|ub|mat|l1|left|l0a|right|l0b|acc|l0c|vec|bias|bt|scaling|fb` (PTOAS 0.60), got 'dram'}}
func.func private @f(!pto.ptr<f16, dram>)

// -----

// A type mnemonic neither ptonz nor PTOAS 0.60 defines.
// expected-error@+1 {{unknown pto type 'vregs' (neither a type of ptonz nor one of PTOAS 0.60)}}
func.func private @f(!pto.vregs<64xf32>)

// -----

// expected-error@+1 {{unknown pto attribute 'fence_scop' (neither an attribute of ptonz nor one of PTOAS 0.60)}}
func.func private @f() attributes {a = #pto.fence_scop<gm>}

// -----

// expected-error@+1 {{tensor_view element type must be an integer or float type, got 'index'}}
func.func private @f(!pto.tensor_view<16xindex>)

// -----

// expected-error@+1 {{partition_tensor_view element type must be an integer or float type, got 'vector<4xf16>'}}
func.func private @f(!pto.partition_tensor_view<16xvector<4xf16>>)

// -----

// expected-error@+1 {{tensor_view layout must be a #pto.layout<...>, got #pto.kernel_kind<cube>}}
func.func private @f(!pto.tensor_view<16x16xf16, #pto.kernel_kind<cube>>)

// -----

// expected-error@+1 {{partition_tensor_view layout must be a #pto.layout<...>, got "nz"}}
func.func private @f(!pto.partition_tensor_view<16x16xf16, "nz">)

// -----

// expected-error@+1 {{unknown loc: gm (expected mat, left, right, acc, vec, bias or scaling)}}
func.func private @f(!pto.tile_buf<gm, 16x16xf16>)

// -----

// expected-error@+1 {{unknown loc: l1 (expected mat, left, right, acc, vec, bias or scaling)}}
func.func private @f(!pto.tile_buf<loc=l1, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// expected-error@+1 {{unknown loc: ub (expected mat, left, right, acc, vec, bias or scaling)}}
func.func private @f(!pto.tile_buf<ub, 16x16xf16>)

// -----

// expected-error@+1 {{tile_buf dtype must be an integer or float type, got 'index'}}
func.func private @f(!pto.tile_buf<vec, 16x16xindex>)

// -----

// expected-error@+1 {{tile_buf rows/cols must be positive}}
func.func private @f(!pto.tile_buf<loc=vec, dtype=f16, rows=0, cols=16, v_row=0, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// expected-error@+1 {{tile_buf valid_row (32) exceeds row (16)}}
func.func private @f(!pto.tile_buf<vec, 16x16xf16, valid=32x16>)

// -----

// expected-error@+1 {{tile_buf valid_col (17) exceeds col (16)}}
func.func private @f(!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=17, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// expected-error@+1 {{v_row must be '?', -1, or a non-negative integer}}
func.func private @f(!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=-2, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// expected-error@+1 {{unsupported s_fractal_size: 64, must be one of {32, 512, 1024}}}
func.func private @f(!pto.tile_buf<mat, 16x16xf16, fractal=64>)

// -----

// expected-error@+1 {{unsupported s_fractal_size: 256, must be one of {32, 512, 1024}}}
func.func private @f(!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=256, pad=0>)

// -----

// expected-error@+1 {{unknown pad: 4 (0=null, 1=zero, 2=max, 3=min)}}
func.func private @f(!pto.tile_buf<vec, 16x16xf16, pad=4>)

// -----

// expected-error@+1 {{unknown compact: 3 (0=null, 1=normal, 2=row_plus_one)}}
func.func private @f(!pto.tile_buf<vec, 16x16xf16, compact=3>)

// -----

// expected-error@+1 {{unknown blayout: nz (expected row_major or col_major)}}
func.func private @f(!pto.tile_buf<mat, 16x16xf16, blayout=nz>)

// -----

// expected-error@+1 {{unknown slayout: zz (expected none_box, row_major or col_major)}}
func.func private @f(!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=zz, fractal=512, pad=0>)

// -----

// expected-error@+1 {{unknown key in tile_buf compact syntax: layout (expected valid, blayout, slayout, fractal, pad or compact)}}
func.func private @f(!pto.tile_buf<mat, 16x16xf16, layout=nz>)

// -----

// The keyed-only keys are not part of the compact form.
// expected-error@+1 {{unknown key in tile_buf compact syntax: rows}}
func.func private @f(!pto.tile_buf<mat, 16x16xf16, rows=16>)

// -----

// expected-error@+1 {{duplicate fractal in tile_buf compact syntax}}
func.func private @f(!pto.tile_buf<mat, 16x16xf16, fractal=512, fractal=512>)

// -----

// expected-error@+1 {{tile_buf valid must have exactly two dims}}
func.func private @f(!pto.tile_buf<vec, 16x16xf16, valid=16x16x1>)

// -----

// expected-error@+1 {{tile_buf compact syntax expects exactly two shape dims}}
func.func private @f(!pto.tile_buf<vec, 1x16x16xf16>)

// -----

// The keyed form has PTOAS's fixed key order (PTOAS rejects this too).
// expected-error@+1 {{expected 'v_row'}}
func.func private @f(!pto.tile_buf<loc=mat, dtype=f32, rows=32, cols=32, blayout=col_major, v_row=32, v_col=32, slayout=row_major, fractal=512, pad=0>)

// -----

// Every key of the keyed form but `compact` is required.
// expected-error@+1 {{expected ','}}
func.func private @f(!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>)

// -----

// expected-error@+1 {{expected 'cols'}}
func.func private @f(!pto.tile_buf<loc=vec, dtype=f16, rows=16, dtype=f16>)

// -----

// The custom form derives the pointer type from the view's element type.
func.func @f(%p: !pto.ptr<f16>, %n: index) {
  // expected-error@+2 {{use of value '%p' expects different type than prior uses: '!pto.ptr<i8>' vs '!pto.ptr<f16>'}}
  // expected-note@-2 {{prior use here}}
  %v = pto.make_tensor_view %p, shape = [%n], strides = [] : !pto.tensor_view<?xi8>
  return
}

// -----

func.func @f(%p: !pto.ptr<f16>, %n: index) {
  // expected-error@+1 {{result must be pto.tensor_view<...>, got '!pto.partition_tensor_view<?xf16>'}}
  %v = pto.make_tensor_view %p, shape = [%n], strides = [] : !pto.partition_tensor_view<?xf16>
  return
}

// -----

func.func @f() {
  // expected-error@+2 {{expected ::ptonz::pto::Pipe to be one of: PIPE_S, PIPE_V, PIPE_M}}
  // expected-error@+1 {{failed to parse PTO_PipeAttr parameter 'value'}}
  pto.set_flag[<TLOAD>, <PIPE_MTE1>, <EVENT_ID0>]
  return
}

// -----

func.func @f() {
  // expected-error@+2 {{expected ::ptonz::pto::Event to be one of: EVENT_ID0}}
  // expected-error@+1 {{failed to parse PTO_EventAttr parameter 'value'}}
  pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE1>, <EVENT_ID8>]
  return
}

// -----

// A tile_buf type without the `!pto.tile_buf` prefix is not a type (PTOAS rejects it too).
func.func @f() {
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  // expected-error@+1 {{expected non-function type}}
  pto.tabs ins(%t : <vec, 16x16xf16>) outs(%t : !pto.tile_buf<vec, 16x16xf16>)
  return
}

// -----

// expected-error@+1 {{unknown key in tile_buf_config: size (expected blayout, slayout, s_fractal_size, pad or compact)}}
func.func private @f() attributes {c = #pto.tile_buf_config<size=512>}

// -----

// expected-error@+1 {{unsupported s_fractal_size: 100, must be one of {16, 32, 512, 1024}}}
func.func private @f() attributes {c = #pto.tile_buf_config<s_fractal_size=100>}

// -----

// expected-error@+1 {{unsupported blayout value: 7}}
func.func private @f() attributes {c = #pto.tile_buf_config<blayout=7 : i32>}
