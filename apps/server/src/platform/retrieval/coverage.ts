import { type Bm25Index, idf } from './bm25';
import { containsRun, type SynonymRule } from './query';
import { stem, terms, words } from './tokenize';

/** Whether section `doc` holds term `termId` in any field (postings are sorted by section). */
function holds(index: Bm25Index, termId: number, doc: number): boolean {
  let lo = index.offsets[termId];
  let hi = index.offsets[termId + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const d = index.postDoc[mid];
    if (d === doc) return true;
    if (d < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * How much of a question a section speaks to: the share of the question's words, weighted by how
 * rare they are in the code, that the section holds (a word counts as held when the section holds
 * it or a statute word the synonym layer maps the question's phrase to). A word the code never
 * uses weighs the most, so "a pizza recipe" is barely covered by any section, while "records
 * request deadline" is well covered by the section on responding to records requests. 0..1.
 */
export function coverageOf(index: Bm25Index, rules: SynonymRule[], question: string, doc: number): number {
  const asked = [...new Set(terms(question))];
  if (!asked.length) return 0;
  const stemmed = words(question).map(stem);
  const maxIdf = Math.log(1 + (index.docCount + 0.5) / 0.5);
  let total = 0;
  let held = 0;
  for (const term of asked) {
    const id = index.termIds.get(term);
    const weight = id === undefined ? maxIdf : idf(index, id);
    total += weight;
    if (id !== undefined && holds(index, id, doc)) {
      held += weight;
      continue;
    }
    // Held through a synonym: a rule whose phrase holds this word matched the question, and the section holds what it adds.
    const viaSynonym = rules.some(
      (rule) =>
        rule.phrase.includes(term) &&
        containsRun(stemmed, rule.phrase) &&
        rule.add.some((added) => {
          const addedId = index.termIds.get(added);
          return addedId !== undefined && holds(index, addedId, doc);
        }),
    );
    if (viaSynonym) held += weight;
  }
  return total ? held / total : 0;
}
