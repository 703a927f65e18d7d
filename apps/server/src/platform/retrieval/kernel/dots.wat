;; The dense ranking's inner loop: the dot product of one int16 query with every int8 row of the
;; section vectors, 16 dimensions per step with WebAssembly SIMD (i32x4.dot_i16x8_s).
;; dots(values, rows, dims, query, out): out[r] = sum_i values[r * dims + i] * query[i], as i32.
;; `dims` is a positive multiple of 16; `values` holds rows * dims int8, `query` dims int16 (kept
;; within +-16383, so 512 products of int8 by it stay far inside an i32), `out` rows int32.
;; Assembled into dots-wasm.ts by `npm run build:kernel -w apps/server` (wabt's wat2wasm).
(module
  (memory (export "memory") 1)
  (func (export "dots") (param $values i32) (param $rows i32) (param $dims i32) (param $query i32) (param $out i32)
    (local $r i32) (local $i i32) (local $row i32) (local $q i32) (local $v v128) (local $acc v128)
    (block $done
      (loop $each_row
        (br_if $done (i32.ge_u (local.get $r) (local.get $rows)))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $row (i32.add (local.get $values) (i32.mul (local.get $r) (local.get $dims))))
        (local.set $q (local.get $query))
        (local.set $i (i32.const 0))
        (loop $each_16
          (local.set $v (v128.load (i32.add (local.get $row) (local.get $i))))
          (local.set $acc
            (i32x4.add (local.get $acc)
              (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (v128.load (local.get $q)))))
          (local.set $acc
            (i32x4.add (local.get $acc)
              (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (v128.load offset=16 (local.get $q)))))
          (local.set $q (i32.add (local.get $q) (i32.const 32)))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br_if $each_16 (i32.lt_u (local.get $i) (local.get $dims))))
        (i32.store
          (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
            (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $each_row)))))
