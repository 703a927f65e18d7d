import { describe, expect, it } from 'vitest';
import { buildDenseIndex, scoreDense } from '../dense';
import type { SectionVectors } from '../vectors-file';
import type { CodeSectionDoc } from '../types';
import { embeddingHash } from '../embedding-text';
import { assembleDots } from './assemble';
import { DOTS_WASM_BASE64 } from './dots-wasm';
import { int8DotKernel, simdAvailable } from './dots';

/** A small deterministic generator (mulberry32): the same vectors every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function int8Rows(rows: number, dims: number, next: () => number): Int8Array {
  const values = new Int8Array(rows * dims);
  for (let i = 0; i < values.length; i++) values[i] = Math.floor(next() * 256) - 128;
  return values;
}

/** The dot product in double precision, one multiply at a time: the reference the kernel must meet. */
function reference(values: Int8Array, r: number, dims: number, query: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < dims; i++) sum += values[r * dims + i] * query[i];
  return sum;
}

describe('the SIMD dot-product kernel', () => {
  it('is the committed assembly of dots.wat', async () => {
    expect(DOTS_WASM_BASE64).toBe(await assembleDots());
  });

  it('runs on this Node', () => {
    expect(simdAvailable()).toBe(true);
  });

  it('meets the double-precision dot product on every row, extremes included', () => {
    const next = random(7);
    for (const dims of [16, 48, 512]) {
      const rows = 300;
      const values = int8Rows(rows, dims, next);
      // Rows at the int8 extremes, against a query at its own extremes: no overflow, no sign slip.
      values.fill(-128, 0, dims);
      values.fill(127, dims, 2 * dims);
      const kernel = int8DotKernel(values, rows, dims)!;
      for (const query of [
        Float32Array.from({ length: dims }, () => next() * 2 - 1),
        Float32Array.from({ length: dims }, (_, i) => (i % 2 ? -1 : 1)),
        Float32Array.from({ length: dims }, (_, i) => (i === 3 ? 1e-6 : 0)),
        new Float32Array(dims),
      ]) {
        const { dots, scale } = kernel.dots(query);
        const largest = query.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
        for (let r = 0; r < rows; r++) {
          const want = reference(values, r, dims, query);
          // Each query component is rounded to 1/16,383 of the largest: at most half that per product.
          expect(Math.abs(dots[r] * scale - want)).toBeLessThanOrEqual(dims * 128 * (largest / 16383) * 0.5 + 1e-9);
        }
      }
    }
  });

  it('declines what it cannot serve, so the plain loop scores instead', () => {
    expect(int8DotKernel(new Int8Array(20 * 3), 3, 20)).toBeNull();
    expect(int8DotKernel(new Int8Array(16), 2, 16)).toBeNull();
  });

  it('ranks sections as the plain loop does', async () => {
    const next = random(11);
    const dims = 512;
    const docs: CodeSectionDoc[] = Array.from({ length: 400 }, (_, i) => ({ id: `s${i}`, number: `1-${i}`, title: `Section ${i}`, titleNumber: '1', titleName: 'General', chapterTitle: null, subchapterTitle: null, path: 'Title 1', text: `Text of section ${i}.`, status: 'in_force' }));
    // Every other section has a vector; the rest score NaN either way.
    const covered = docs.filter((_, i) => i % 2 === 0);
    const values = int8Rows(covered.length, dims, next);
    const vectors: SectionVectors = { model: 'test', textVersion: 1, dims, ids: covered.map((d) => d.id), hashes: covered.map((d) => embeddingHash(d)), scales: Float32Array.from(covered, () => 0.004 + next() * 0.004), values };
    const simd = await buildDenseIndex(docs, vectors);
    expect(simd.kernel).not.toBeNull();
    const plain = { ...simd, kernel: null };
    const query = Float32Array.from({ length: dims }, () => next() * 2 - 1);
    const a = scoreDense(simd, query);
    const b = scoreDense(plain, query);
    const order = (s: Float32Array) => [...s.keys()].filter((d) => !Number.isNaN(s[d])).sort((x, y) => s[y] - s[x]);
    expect(a.filter(Number.isNaN).length).toBe(200);
    expect(order(a).slice(0, 50)).toEqual(order(b).slice(0, 50));
    // The same score to 1e-4 of the scores' range (the int16 query's rounding).
    const range = b.reduce((m, x) => (Number.isNaN(x) ? m : Math.max(m, Math.abs(x))), 0);
    for (let d = 0; d < docs.length; d++) if (!Number.isNaN(b[d])) expect(Math.abs(a[d] - b[d])).toBeLessThanOrEqual(1e-4 * range);
  });
});
