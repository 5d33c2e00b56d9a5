// Ops only A5 has (ptoas --pto-arch=a5).
// CHECK-LABEL: func.func @a5_only
func.func @a5_only(%gm: !pto.partition_tensor_view<16x16xf16>, %k: i32, %sc: !pto.tile_buf<scaling, 16x2xf16>) {
  // CHECK: pto.thistogram ins(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 16x16xi16>, !pto.tile_buf<vec, 32x16xi8, blayout=col_major>) outs(%{{.*}} : !pto.tile_buf<vec, 16x256xi32>)
  %s = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi16>
  %i = pto.alloc_tile : !pto.tile_buf<vec, 32x16xi8, blayout=col_major>
  %h = pto.alloc_tile : !pto.tile_buf<vec, 16x256xi32>
  pto.thistogram ins(%s, %i : !pto.tile_buf<vec, 16x16xi16>, !pto.tile_buf<vec, 32x16xi8, blayout=col_major>) outs(%h : !pto.tile_buf<vec, 16x256xi32>)
  // CHECK: pto.trandom ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {rounds = 7 : i32} : i32, i32, i32, i32, i32, i32) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xi32>)
  %rnd = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi32>
  pto.trandom ins(%k, %k, %k, %k, %k, %k {rounds = 7 : i32} : i32, i32, i32, i32, i32, i32) outs(%rnd : !pto.tile_buf<vec, 16x16xi32>)
  // CHECK: pto.mgather ins(%{{.*}}, %{{.*}} : !pto.partition_tensor_view<16x16xf16>, !pto.tile_buf<vec, 16x16xi32>) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xf16>) {{{.*}}gatherOob = #pto<gather_oob clamp>{{.*}}}
  %idx = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi32>
  %g = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf16>
  pto.mgather ins(%gm, %idx : !pto.partition_tensor_view<16x16xf16>, !pto.tile_buf<vec, 16x16xi32>) outs(%g : !pto.tile_buf<vec, 16x16xf16>) {coalesce = #pto<coalesce elem>, gatherOob = #pto<gather_oob clamp>}
  // CHECK: pto.mscatter ins(%{{.*}}, %{{.*}} : !pto.tile_buf<vec, 16x16xf16>, !pto.tile_buf<vec, 16x16xi32>) outs(%{{.*}} : !pto.partition_tensor_view<16x16xf16>)
  pto.mscatter ins(%g, %idx : !pto.tile_buf<vec, 16x16xf16>, !pto.tile_buf<vec, 16x16xi32>) outs(%gm : !pto.partition_tensor_view<16x16xf16>)
  // CHECK: pto.tpack ins(%{{.*}} : !pto.tile_buf<vec, 16x16xi32>) outs(%{{.*}} : !pto.tile_buf<vec, 16x16xi16>)
  %narrow = pto.alloc_tile : !pto.tile_buf<vec, 16x16xi16>
  pto.tpack ins(%rnd : !pto.tile_buf<vec, 16x16xi32>) outs(%narrow : !pto.tile_buf<vec, 16x16xi16>)
  // PTOAS 0.60: the scale of a left [M, K] tile is [M, ceil(K/32)].
  // CHECK: pto.tget_scale_addr ins(%{{.*}} : !pto.tile_buf<left, 16x64xf16, slayout=row_major>) outs(%{{.*}} : !pto.tile_buf<scaling, 16x2xf16>)
  %lt = pto.alloc_tile : !pto.tile_buf<left, 16x64xf16, slayout=row_major>
  pto.tget_scale_addr ins(%lt : !pto.tile_buf<left, 16x64xf16, slayout=row_major>) outs(%sc : !pto.tile_buf<scaling, 16x2xf16>)
  // CHECK: pto.tgemv.mx ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<left, 1x64xf8E4M3FN, slayout=row_major>, !pto.tile_buf<scaling, 1x2xf8E8M0FNU, slayout=row_major, fractal=32>, !pto.tile_buf<right, 64x32xf8E4M3FN, slayout=col_major>, !pto.tile_buf<scaling, 2x32xf8E8M0FNU, slayout=row_major, fractal=32>) outs(%{{.*}} : !pto.tile_buf<acc, 1x32xf32, blayout=col_major, slayout=row_major>)
  %a = pto.alloc_tile : !pto.tile_buf<left, 1x64xf8E4M3FN, slayout=row_major>
  %as = pto.alloc_tile : !pto.tile_buf<scaling, 1x2xf8E8M0FNU, slayout=row_major, fractal=32>
  %b = pto.alloc_tile : !pto.tile_buf<right, 64x32xf8E4M3FN, slayout=col_major>
  %bs = pto.alloc_tile : !pto.tile_buf<scaling, 2x32xf8E8M0FNU, slayout=row_major, fractal=32>
  %acc = pto.alloc_tile : !pto.tile_buf<acc, 1x32xf32, blayout=col_major, slayout=row_major>
  pto.tgemv.mx ins(%a, %as, %b, %bs : !pto.tile_buf<left, 1x64xf8E4M3FN, slayout=row_major>, !pto.tile_buf<scaling, 1x2xf8E8M0FNU, slayout=row_major, fractal=32>, !pto.tile_buf<right, 64x32xf8E4M3FN, slayout=col_major>, !pto.tile_buf<scaling, 2x32xf8E8M0FNU, slayout=row_major, fractal=32>) outs(%acc : !pto.tile_buf<acc, 1x32xf32, blayout=col_major, slayout=row_major>)
  return
}
