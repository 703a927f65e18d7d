import { stem, terms, words } from './tokenize';
import { CIVIC_SYNONYMS } from './synonyms';
import type { Lexicon } from './lexicon';

export interface SynonymRule {
  phrase: string[]; // stemmed words, matched as a contiguous run
  add: string[]; // index terms added to the query
  statuteWords: string; // the same, as written (for matching sentences outside the index)
}

export function compileSynonyms(table: ReadonlyArray<readonly [string[], string]> = CIVIC_SYNONYMS): SynonymRule[] {
  const rules: SynonymRule[] = [];
  for (const [phrases, statuteWords] of table) {
    const add = terms(statuteWords);
    for (const p of phrases) rules.push({ phrase: words(p).map(stem), add, statuteWords });
  }
  return rules;
}

export interface ExpandedQuery {
  /** term -> weight: the user's words 1, synonym additions `synonymWeight`. */
  terms: Map<string, number>;
  /** Statute words the synonym layer added (for the dense query and for debugging). */
  added: string[];
}

/** The query's own terms plus the statute words its everyday phrases map to. */
export function expandQuery(text: string, rules: SynonymRule[], synonymWeight: number): ExpandedQuery {
  const q = new Map<string, number>();
  for (const t of terms(text)) q.set(t, 1);
  const stemmed = words(text).map(stem);
  const added: string[] = [];
  if (synonymWeight > 0) {
    for (const rule of rules) {
      if (!containsRun(stemmed, rule.phrase)) continue;
      for (const t of rule.add) {
        if ((q.get(t) ?? 0) < synonymWeight) {
          q.set(t, synonymWeight);
          added.push(t);
        }
      }
    }
  }
  return { terms: q, added };
}

export function containsRun(haystack: string[], run: string[]): boolean {
  if (run.length === 0) return false;
  outer: for (let i = 0; i + run.length <= haystack.length; i++) {
    for (let j = 0; j < run.length; j++) if (haystack[i + j] !== run[j]) continue outer;
    return true;
  }
  return false;
}

/** The statute words the synonym layer maps a question's everyday phrases to, as written. */
export function statuteWordsFor(text: string, rules: SynonymRule[]): string[] {
  const stemmed = words(text).map(stem);
  return [...new Set(rules.filter((rule) => containsRun(stemmed, rule.phrase)).map((rule) => rule.statuteWords))];
}

export interface LexiconTuning {
  /** Weight of a word the lexicon gives for a reader's word (0 = off). */
  weight: number;
  /** Share of that weight for a broader word (one level up). */
  broader: number;
  /** Senses of the reader's word read, commonest first. */
  senses: number;
}

/**
 * Adds to a query the index terms the lexicon gives for the reader's own words, at a weight below
 * theirs and the synonym layer's, and never above a term already there.
 */
export function addLexiconTerms(query: Map<string, number>, text: string, lexicon: Lexicon | null, t: LexiconTuning, rules: SynonymRule[] = []): void {
  if (!lexicon || t.weight <= 0) return;
  const own = new Set(terms(text));
  // A phrase the synonym layer already reads ("security deposit") is not read again word by word.
  const stemmed = words(text).map(stem);
  const read = new Set(rules.filter((rule) => containsRun(stemmed, rule.phrase)).flatMap((rule) => rule.phrase));
  for (const word of new Set(words(text))) {
    if (!own.has(stem(word)) || /\d/.test(word) || read.has(stem(word))) continue;
    for (const r of lexicon.related(word, t.senses)) {
      const weight = r.relation === 'broader' ? t.weight * t.broader : t.weight;
      if (weight <= 0) continue;
      for (const term of terms(r.word)) if ((query.get(term) ?? 0) < weight) query.set(term, weight);
    }
  }
}
