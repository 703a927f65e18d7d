import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion, topIndices, weightedFusion } from './fusion';
import { compileSynonyms, expandQuery } from './query';
import { sectionNumbersIn } from './section-number';
import { isInForce } from './status';
import { terms } from './tokenize';
import {
  decodeSectionVectors,
  encodeSectionVectors,
  quantizeRows,
  readSectionVectors,
  readSectionVectorsIfPresent,
  rowVector,
  writeSectionVectors,
} from './vectors-file';

describe('tokenize', () => {
  it('drops question words and stems', () => {
    expect(terms('How many working days do we have to answer requests?')).toEqual(['mani', 'work', 'dai', 'answer', 'request']);
    expect(terms("landlord's evictions")).toEqual(terms('landlords eviction'));
  });
});

describe('synonym expansion', () => {
  const rules = compileSynonyms([[['records request', 'foia'], 'public record freedom of information']]);
  it('adds statute words at the synonym weight, keeping the user words at 1', () => {
    const q = expandQuery('how long for a FOIA?', rules, 0.4);
    expect(q.terms.get('foia')).toBe(1);
    expect(q.terms.get('public')).toBe(0.4);
    expect(q.added).toContain('freedom');
  });
  it("the shipped table maps everyday words to a code's (issue 31): peeing to urinating, styrofoam to polystyrene, flyers to signs", () => {
    const shipped = compileSynonyms();
    expect(expandQuery('fine for peeing in an alley', shipped, 0.5).added).toContain(terms('urinate')[0]);
    expect(expandQuery('takeout in styrofoam boxes', shipped, 0.5).added).toContain(terms('polystyrene')[0]);
    expect(expandQuery('lost dog flyers on a pole', shipped, 0.5).added).toContain(terms('sign')[0]);
  });
  it('matches multi-word phrases in order only', () => {
    expect(expandQuery('my records requests', rules, 0.5).added).toContain('public');
    expect(expandQuery('request the records', rules, 0.5).added).toEqual([]);
  });
});

describe('section numbers in queries', () => {
  it('finds D.C.-style numbers and ignores ordinary hyphenated words', () => {
    expect(sectionNumbersIn('§ 42-3505.01 and section 2-532(c)')).toEqual(['42-3505.01', '2-532']);
    expect(sectionNumbersIn('what does 28:2-201 say')).toEqual(['28:2-201']);
    expect(sectionNumbersIn('§ 29A-101.39')).toEqual(['29a-101.39']);
    expect(sectionNumbersIn('a 30-day notice for a 12-month lease')).toEqual([]);
  });
});

describe('in force', () => {
  it('treats placeholder texts as not in force', () => {
    for (const text of ['Repealed.', 'Expired.', '[Not funded].', 'Omitted.', 'Recodified as § 1-152.', '', '[Repealed].'])
      expect(isInForce({ status: 'in_force', text })).toBe(false);
    expect(isInForce({ status: 'in_force', text: '(a) Repealed.\n(b) The Mayor shall issue rules.' })).toBe(true);
    expect(isInForce({ status: 'repealed', text: 'Any text' })).toBe(false);
  });
});

describe('fusion', () => {
  it('topIndices returns the best n above the floor, best first, eligible only', () => {
    const s = Float32Array.from([0.5, 3, NaN, 2, 0, 3]);
    expect(topIndices(s, 3, undefined, 0)).toEqual([1, 5, 3]);
    expect(topIndices(s, 10, Uint8Array.from([1, 0, 1, 1, 1, 1]), 0)).toEqual([5, 3, 0]);
  });

  it('topIndices is the head of a full sort (score, then lower index), ties and NaN included', () => {
    let seed = 3;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (const size of [1, 7, 500, 3000]) {
      // Scores drawn from few values, so many tie; some NaN; some ineligible.
      const scores = Float32Array.from({ length: size }, () => (next() < 0.05 ? NaN : Math.floor(next() * 20) - 5));
      const eligible = Uint8Array.from({ length: size }, () => (next() < 0.9 ? 1 : 0));
      for (const n of [0, 1, 5, 200, size + 3])
        for (const min of [-Infinity, 0]) {
          const sorted = [...scores.keys()].filter((d) => scores[d] > min && eligible[d]).sort((a, b) => scores[b] - scores[a] || a - b);
          expect(topIndices(scores, n, eligible, min)).toEqual(sorted.slice(0, n));
        }
    }
  });

  it('reciprocal-rank fusion rewards agreement over one high rank', () => {
    // doc 0: 1st and 3rd; doc 1: 2nd and 2nd; doc 2: 3rd only (from one list).
    const f = reciprocalRankFusion([{ ranking: [0, 1, 2], weight: 1 }, { ranking: [1, 3, 0], weight: 1 }], 4, 60);
    expect(f[1]).toBeGreaterThan(f[0]);
    expect(f[0]).toBeGreaterThan(f[3]);
    expect(f[3]).toBeGreaterThan(f[2]);
    expect(f[1]).toBeCloseTo(1 / 62 + 1 / 61);
  });

  it('weighted fusion keeps score margins', () => {
    const lex = Float32Array.from([10, 1, 0.9, 0.8]);
    const dense = Float32Array.from([0.3, 0.31, 0.2, 0.1]);
    const f = weightedFusion(
      [{ scores: lex, ranking: [0, 1, 2, 3], weight: 1 }, { scores: dense, ranking: [1, 0, 2, 3], weight: 1 }],
      4,
    );
    expect(f[0]).toBeGreaterThan(f[1]); // far ahead lexically, a hair behind semantically
    expect(f[3]).toBe(0);
  });
});

describe('vectors file', () => {
  const rows = [
    { id: 'ex-1', hash: 'aaaa', vector: [0.6, -0.8, 0, 0] },
    { id: 'ex-2', hash: 'bbbb', vector: [0, 0.1, -0.2, 0.97] },
    { id: 'ex-3', hash: 'cccc', vector: [0.5, 0.5, 0.5, 0.5] },
  ];

  it('round-trips ids, hashes and vectors within quantisation error', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vectors-'));
    try {
      const file = join(dir, 'v.bin');
      await writeSectionVectors(file, quantizeRows('test-model', 3, 4, rows));
      const back = await readSectionVectors(file);
      expect(back).toMatchObject({ model: 'test-model', textVersion: 3, dims: 4, ids: ['ex-1', 'ex-2', 'ex-3'], hashes: ['aaaa', 'bbbb', 'cccc'] });
      rows.forEach((r, i) => Array.from(rowVector(back, i)).forEach((x, j) => expect(x).toBeCloseTo(r.vector[j], 2)));
      expect((await readFile(file)).length).toBeLessThan(200);
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('rejects a file that is not a vectors file or is cut short', async () => {
    const good = encodeSectionVectors(quantizeRows('m', 1, 4, rows));
    expect(() => decodeSectionVectors(Buffer.from('hello world, not vectors'))).toThrow(/magic/);
    expect(() => decodeSectionVectors(good.subarray(0, good.length - 3))).toThrow(/truncated/);
    const dir = await mkdtemp(join(tmpdir(), 'vectors-'));
    try {
      await writeFile(join(dir, 'odd.bin'), Buffer.concat([Buffer.alloc(1), good]).subarray(1));
      expect((await readSectionVectors(join(dir, 'odd.bin'))).ids).toHaveLength(3);
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('a missing file means "no vectors", not an error', async () => {
    expect(await readSectionVectorsIfPresent(join(tmpdir(), 'no-such-dir', 'vectors.bin'))).toBeNull();
  });

  it('rejects a vector of the wrong dimension', () => {
    expect(() => quantizeRows('m', 1, 3, rows)).toThrow(/dimensions/);
  });
});
