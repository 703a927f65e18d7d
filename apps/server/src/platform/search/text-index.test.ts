import { describe, expect, it } from 'vitest';
import { forEach } from './bitset';
import { Lexicon } from './lexicon';
import { docMatches, matchingDocs, rankOf } from './match';
import { combine, parseTsQuery } from './tsquery';

/** The pieces of the in-process index (decision 017): PostgreSQL's text forms in, PostgreSQL's meaning out. */
const members = (set: Uint32Array) => {
  const out: number[] = [];
  forEach(set, (d) => out.push(d));
  return out;
};

describe('parseTsQuery', () => {
  it('reads what plainto_tsquery and phraseto_tsquery print', () => {
    expect(parseTsQuery("'snow' & 'remov'")).toEqual({ kind: 'and', children: [{ kind: 'lexeme', lexeme: 'snow' }, { kind: 'lexeme', lexeme: 'remov' }] });
    expect(parseTsQuery("'tenant' <-> 'opportun' <2> 'purchas'")).toEqual({
      kind: 'phrase',
      left: { kind: 'phrase', left: { kind: 'lexeme', lexeme: 'tenant' }, right: { kind: 'lexeme', lexeme: 'opportun' }, distance: 1 },
      right: { kind: 'lexeme', lexeme: 'purchas' },
      distance: 2,
    });
    expect(parseTsQuery("( 'a' | 'b' ) & !'c'")).toEqual({
      kind: 'and',
      children: [{ kind: 'or', children: [{ kind: 'lexeme', lexeme: 'a' }, { kind: 'lexeme', lexeme: 'b' }] }, { kind: 'not', child: { kind: 'lexeme', lexeme: 'c' } }],
    });
    expect(parseTsQuery("'o''neil' & 'back\\\\slash':*")).toEqual({ kind: 'and', children: [{ kind: 'lexeme', lexeme: "o'neil" }, { kind: 'lexeme', lexeme: 'back\\slash' }] });
    expect(parseTsQuery('')).toBeNull();
  });

  it('drops empty parts when combining, as && and || do', () => {
    expect(combine('and', [null, parseTsQuery("'snow'")])).toEqual({ kind: 'lexeme', lexeme: 'snow' });
    expect(combine('or', [null, null])).toBeNull();
  });
});

describe('Lexicon and matching', () => {
  const lexicon = new Lexicon();
  // Record 0: title "Snow Removal Act" (A), body "remove the snow" (D).
  lexicon.add(0, "'act':3A 'remov':2A,5 'snow':1A,7");
  // Record 1: body only, the words apart.
  lexicon.add(1, "'remov':1 'snow':9 'o''neil':4");
  // Record 2: "tenant opportunity to purchase".
  expect(lexicon.add(2, "'tenant':1B 'opportun':2B 'purchas':4B")).toBe(3);

  it('finds records by lexeme, AND, OR, NOT and weight', () => {
    expect(members(matchingDocs(lexicon, parseTsQuery("'snow' & 'remov'")!, 3))).toEqual([0, 1]);
    expect(members(matchingDocs(lexicon, parseTsQuery("'snow' & !'act'")!, 3))).toEqual([1]);
    expect(members(matchingDocs(lexicon, parseTsQuery("'act' | 'tenant'")!, 3))).toEqual([0, 2]);
    expect(members(matchingDocs(lexicon, parseTsQuery("'snow' & 'remov'")!, 3, 8))).toEqual([0]);
    expect(docMatches(lexicon, parseTsQuery("'o''neil'")!, 1)).toBe(true);
  });

  it('checks phrases on positions', () => {
    expect(members(matchingDocs(lexicon, parseTsQuery("'snow' <-> 'remov'")!, 3))).toEqual([0]);
    expect(members(matchingDocs(lexicon, parseTsQuery("'tenant' <-> 'opportun' <2> 'purchas'")!, 3))).toEqual([2]);
    expect(docMatches(lexicon, parseTsQuery("'tenant' <-> 'purchas'")!, 2)).toBe(false);
  });

  it('ranks as ts_rank_cd(\'{0.1,0.2,0.4,1.0}\', search, query, 33) does', () => {
    // Record 0 for 'snow' | 'remov': A + A + D + D = 2.2, over log(1 + 5 positions), then x / (x + 1).
    const x = 2.2 / Math.log(6);
    expect(rankOf(lexicon, parseTsQuery("'snow' | 'remov'")!, 0, 5)).toBeCloseTo(x / (x + 1), 6);
    // A phrase occurrence with one gap: 3 entries / (3 × 1/0.4), halved.
    const y = 0.4 / 2 / Math.log(4);
    expect(rankOf(lexicon, parseTsQuery("'tenant' <-> 'opportun' <2> 'purchas'")!, 2, 3)).toBeCloseTo(y / (y + 1), 6);
  });
});
