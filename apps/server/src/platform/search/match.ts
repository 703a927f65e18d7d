import { add, andInto, andNotInto, type Bitset, emptySet, fullSet, isEmpty, orInto } from './bitset';
import { type Lexicon, maskOf, positionOf, WEIGHT_A, weightOf } from './lexicon';
import { lexemesOf, type TsQuery } from './tsquery';

/**
 * `search @@ query` over the in-process index (decision 017), with PostgreSQL's meaning: lexemes,
 * AND / OR / NOT, and phrases (`<->`, `<N>`) checked on the stored positions. `weights` restricts
 * matches to positions of some weights (a bit per weight, A = 8), as `'snow':A` would.
 */
export function matchingDocs(lexicon: Lexicon, query: TsQuery, size: number, weights = 0): Bitset {
  switch (query.kind) {
    case 'lexeme': {
      const set = emptySet(size);
      const list = lexicon.get(query.lexeme);
      if (!list) return set;
      const bits = !weights ? list.bits : weights === maskOf(WEIGHT_A) ? list.titleBits : null;
      if (bits) {
        set.set(bits.length > set.length ? bits.subarray(0, set.length) : bits);
        return set;
      }
      const { docs, masks } = list;
      for (let i = 0; i < list.length; i++) if (!weights || masks[i] & weights) add(set, docs[i]);
      return set;
    }
    case 'and': {
      const positives = query.children.filter((c) => c.kind !== 'not');
      const set = positives.length ? matchingDocs(lexicon, positives[0], size, weights) : fullSet(size);
      for (const child of positives.slice(1)) {
        if (isEmpty(set)) break;
        andInto(set, matchingDocs(lexicon, child, size, weights));
      }
      for (const child of query.children) if (child.kind === 'not') andNotInto(set, matchingDocs(lexicon, child.child, size, weights));
      return set;
    }
    case 'or': {
      const set = matchingDocs(lexicon, query.children[0], size, weights);
      for (const child of query.children.slice(1)) orInto(set, matchingDocs(lexicon, child, size, weights));
      return set;
    }
    case 'not':
      return andNotInto(fullSet(size), matchingDocs(lexicon, query.child, size, weights));
    case 'phrase': {
      // Records holding every lexeme are candidates; their positions decide.
      const candidates = andInto(looseMatch(lexicon, query.left, size, weights), looseMatch(lexicon, query.right, size, weights));
      const set = emptySet(size);
      for (let w = 0; w < candidates.length; w++) {
        let word = candidates[w];
        while (word) {
          const low = word & -word;
          const doc = (w << 5) + 31 - Math.clz32(low);
          if (phraseAt(lexicon, query, doc, weights).positions.length) add(set, doc);
          word ^= low;
        }
      }
      return set;
    }
  }
}

/** A phrase's lexemes without their order: a superset of its matches. */
function looseMatch(lexicon: Lexicon, query: TsQuery, size: number, weights: number): Bitset {
  if (query.kind === 'phrase') return andInto(looseMatch(lexicon, query.left, size, weights), looseMatch(lexicon, query.right, size, weights));
  return matchingDocs(lexicon, query, size, weights);
}

/** Whether one record matches (for a page's or a rank window's records: no whole-location sets). */
export function docMatches(lexicon: Lexicon, query: TsQuery, doc: number, weights = 0): boolean {
  switch (query.kind) {
    case 'lexeme': {
      const list = lexicon.get(query.lexeme);
      const i = list ? list.find(doc) : -1;
      return i >= 0 && (!weights || (list!.masks[i] & weights) !== 0);
    }
    case 'and':
      return query.children.every((c) => docMatches(lexicon, c, doc, weights));
    case 'or':
      return query.children.some((c) => docMatches(lexicon, c, doc, weights));
    case 'not':
      return !docMatches(lexicon, query.child, doc, weights);
    case 'phrase':
      return phraseAt(lexicon, query, doc, weights).positions.length > 0;
  }
}

interface Occurrences {
  /** End positions of the matches, ascending. */
  positions: number[];
  /** Distance from a match's first lexeme to its last. */
  width: number;
}

/** Where a (sub)query occurs in one record, as PostgreSQL's phrase operator sees it. */
function phraseAt(lexicon: Lexicon, query: TsQuery, doc: number, weights: number): Occurrences {
  switch (query.kind) {
    case 'lexeme': {
      const list = lexicon.get(query.lexeme);
      const i = list ? list.find(doc) : -1;
      if (i < 0) return { positions: [], width: 0 };
      const positions: number[] = [];
      for (const packed of list!.positionsAt(i)) if (!weights || (1 << weightOf(packed)) & weights) positions.push(positionOf(packed));
      return { positions, width: 0 };
    }
    case 'phrase': {
      const left = phraseAt(lexicon, query.left, doc, weights);
      if (!left.positions.length) return left;
      const right = phraseAt(lexicon, query.right, doc, weights);
      const starts = new Set(left.positions);
      return {
        positions: right.positions.filter((p) => starts.has(p - right.width - query.distance)),
        width: left.width + query.distance + right.width,
      };
    }
    case 'or': {
      const parts = query.children.map((c) => phraseAt(lexicon, c, doc, weights));
      return { positions: [...new Set(parts.flatMap((p) => p.positions))].sort((a, b) => a - b), width: parts[0].width };
    }
    case 'and': {
      const parts = query.children.map((c) => phraseAt(lexicon, c, doc, weights));
      const rest = parts.slice(1).map((p) => new Set(p.positions));
      return { positions: parts[0].positions.filter((p) => rest.every((s) => s.has(p))), width: parts[0].width };
    }
    case 'not':
      return { positions: [], width: 0 };
  }
}

/** ts_rank_cd's weights {D, C, B, A} = {0.1, 0.2, 0.4, 1.0} (decision 011). */
const RANK_WEIGHTS = [0.1, 0.2, 0.4, 1.0];
/**
 * Added to a law's or act's rank (decision 011): the measure itself comes before the agenda items
 * of its readings. They share its title, but ts_rank_cd divides by the log of a record's length,
 * so a short agenda item outranks the long text of the law it votes on. Ranks lie in [0, 1) and
 * only order records within a tier: a better tier still wins.
 */
export const MEASURE_BONUS = 0.25;

/** A record's share of the query in "some terms" mode is an integer from 0 to COVER_SCALE. */
export const COVER_SCALE = 1000;

/**
 * The weight of each part of a query (a word, with its typo corrections, or a quoted phrase) in
 * "some terms" mode (decision 011): ln(records / records holding it), so a rare word weighs more
 * than one most records hold ("noise" over "amendment"), normalised to integers that sum to about
 * COVER_SCALE. Both search paths order the some-terms tier by the summed weights of the parts a
 * record holds; integers, so both add them up alike.
 */
export function coverWeights(records: number, holding: number[]): number[] {
  const raw = holding.map((n) => (n > 0 && records > n ? Math.log(records / n) : 0));
  const total = raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => (total > 0 ? Math.round((COVER_SCALE * w) / total) : 0));
}

/**
 * ts_rank_cd(weights, search, any, 1|32), as PostgreSQL computes it for an OR of parts: each
 * occurrence of a word's lexeme is a cover of its own, worth its weight; each occurrence of a
 * quoted phrase is a cover of its words, worth n / Σ(1/weight) divided by 1 + the gaps in it.
 * The sum is divided by log(1 + the record's length), then scaled into 0…1 by x / (x + 1).
 */
export function rankOf(lexicon: Lexicon, any: TsQuery, doc: number, length: number): number {
  const parts = any.kind === 'or' ? any.children : [any];
  const words = new Set<string>();
  let sum = 0;
  for (const part of parts) {
    if (part.kind === 'phrase') sum += phraseCovers(lexicon, part, doc);
    else lexemesOf(part, words);
  }
  for (const lexeme of words) {
    const list = lexicon.get(lexeme);
    const i = list ? list.find(doc) : -1;
    if (i < 0) continue;
    for (const packed of list!.positionsAt(i)) sum += RANK_WEIGHTS[weightOf(packed)];
  }
  if (!sum) return 0;
  if (length > 0) sum /= Math.log(length + 1);
  return sum / (sum + 1);
}

function phraseCovers(lexicon: Lexicon, phrase: TsQuery, doc: number): number {
  const { positions: ends, width } = phraseAt(lexicon, phrase, doc, 0);
  if (!ends.length) return 0;
  const entries = new Map<number, number>();
  for (const lexeme of lexemesOf(phrase)) {
    const list = lexicon.get(lexeme);
    const i = list ? list.find(doc) : -1;
    if (i >= 0) for (const packed of list!.positionsAt(i)) entries.set(positionOf(packed), weightOf(packed));
  }
  let sum = 0;
  for (const end of ends) {
    let count = 0;
    let inverse = 0;
    for (let p = end - width; p <= end; p++) {
      const weight = entries.get(p);
      if (weight === undefined) continue;
      count++;
      inverse += 1 / RANK_WEIGHTS[weight];
    }
    let noise = width - (count - 1);
    if (noise < 0) noise = (count - 1) / 2;
    sum += count / inverse / (1 + noise);
  }
  return sum;
}
