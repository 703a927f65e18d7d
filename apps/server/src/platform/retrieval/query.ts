import { stem, terms, words } from './tokenize';
import { CIVIC_SYNONYMS } from './synonyms';

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
